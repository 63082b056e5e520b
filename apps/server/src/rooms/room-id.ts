import { randomBytes } from 'node:crypto';

/** 96 random bits, URL-safe: unguessable (docs/product.md#data). */
export function newRoomId(): string {
  return randomBytes(12).toString('base64url');
}

/** Ids we could have issued; anything else is not looked up at all. */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
