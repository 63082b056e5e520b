import type { TextGroup } from './index.ts';
import { viRoom } from './viRoom.ts';

/**
 * The room page's texts: Vietnamese inside the room page's chunk (imported by RoomPage.tsx), English fetched when
 * English is the language. The route adds them before the page's first render (routes/AppRoutes.tsx).
 */
export const ROOM_TEXTS: TextGroup = {
  vi: async () => viRoom,
  en: async () => (await import('./enRoom.ts')).enRoom,
};
