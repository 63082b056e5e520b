// Zod-free, so the web can name guests without loading the schemas.

/** Longest guest tag shown beside 'Khách' (the key keeps more, so two guests never share a key). */
export const GUEST_TAG_LENGTH = 4;

/** The short tag shown after 'Khách' for a guest: the first GUEST_TAG_LENGTH characters of its id (R51). */
export function shortGuestTag(person: { guestTag: string | null }): string {
  return (person.guestTag ?? '').slice(0, GUEST_TAG_LENGTH);
}
