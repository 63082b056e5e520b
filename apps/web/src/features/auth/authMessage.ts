/**
 * What the sign-in popup reports when it finishes: sent both to `window.opener` with postMessage and on the
 * BroadcastChannel below, because a cross-origin hop to the identity provider can sever `window.opener`
 * (Cross-Origin-Opener-Policy) while the channel still reaches every same-origin tab.
 */
export const AUTH_MESSAGE_TYPE = 'xemchung:auth';
export const AUTH_CHANNEL_NAME = 'xemchung-auth';

export interface AuthMessage {
  type: typeof AUTH_MESSAGE_TYPE;
  ok: boolean;
}

export function isAuthMessage(data: unknown): data is AuthMessage {
  if (typeof data !== 'object' || data === null) return false;
  const candidate = data as Record<string, unknown>;
  return candidate.type === AUTH_MESSAGE_TYPE && typeof candidate.ok === 'boolean';
}
