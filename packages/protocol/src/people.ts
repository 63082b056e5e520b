// A person's key (docs/room-rules.md R51); the person as sent is schemas/people.ts.

/** The key of a signed-in person. */
export function userKey(uid: string): string {
  return `u:${uid}`;
}

/** The key of a guest whose (public) guest id is `guestId`. */
export function guestKey(guestId: string): string {
  return `g:${guestId}`;
}
