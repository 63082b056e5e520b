import type { Me, MeResponse } from '@xemchung/protocol';
import { HttpStatusError, requestJson } from '../../lib/http.ts';

/** The signed-in user, or null when the session cookie is missing or expired (the server answers 200 null). */
export function fetchMe(): Promise<Me | null> {
  return requestJson<MeResponse>('/api/me');
}

/** Ends the server session; the response clears the cookie. */
export async function postLogout(): Promise<void> {
  const response = await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin' });
  if (!response.ok) throw new HttpStatusError(response.status, '/auth/logout');
}
