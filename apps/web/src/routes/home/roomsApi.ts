import type { RoomSummary } from '@xemchung/protocol';
import { requestJson } from '../../lib/http.ts';

/** GET /api/rooms?host=me: the signed-in user's rooms; Home uses the first (docs/product.md#roles). */
export function fetchMyRooms(signal?: AbortSignal): Promise<RoomSummary[]> {
  return requestJson<RoomSummary[]>('/api/rooms?host=me', undefined, { signal });
}

/** POST /api/rooms: 201 with the new room's summary. */
export function createRoom(name: string): Promise<RoomSummary> {
  return requestJson<RoomSummary>('/api/rooms', undefined, { method: 'POST', body: JSON.stringify({ name }) });
}
