// A room's starting values, free of zod (their types are inferred from the schemas, schemas/room.ts).
import { READY_GATE_DEFAULT_SECONDS } from './ready-gate.ts';
import type { CurrentVideo, RoomSettings } from './schemas/room.ts';

/** Nothing selected (docs/product.md#data): id empty, index -1, playing true, time 0, updated_at 0 (and normal speed). */
export const DEFAULT_CURRENT_VIDEO: CurrentVideo = Object.freeze({
  id: '',
  index: -1,
  playing: true,
  current_time: 0,
  updated_at: 0,
  rate: 1,
});

/** The host's settings of a new room (R56). */
export const DEFAULT_ROOM_SETTINGS: Readonly<RoomSettings> = Object.freeze({
  addPolicy: 'everyone',
  guestChat: false,
  perPersonCap: 10,
  skipVoting: true,
  readyGateSeconds: READY_GATE_DEFAULT_SECONDS,
  callPolicy: 'signedIn',
});
