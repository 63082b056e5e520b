import type { Me } from '@xemchung/protocol';
import { HttpStatusError, requestJson } from '../../lib/http.ts';

/** The signed-in user, or null when the session cookie is missing or expired (401). */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await requestJson<Me>('/api/me');
  } catch (error) {
    if (error instanceof HttpStatusError && error.status === 401) return null;
    throw error;
  }
}

/** Ends the server session; the response clears the cookie. */
export async function postLogout(): Promise<void> {
  const response = await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new HttpStatusError(response.status, '/auth/logout');
}
