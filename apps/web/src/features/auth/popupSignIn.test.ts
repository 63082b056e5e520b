import type { Me } from '@xemchung/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_CHANNEL_NAME, AUTH_MESSAGE_TYPE } from './authMessage.ts';
import {
  LOGIN_POPUP_FEATURES,
  LOGIN_POPUP_NAME,
  LOGIN_POPUP_URL,
  POPUP_CLOSED_POLL_MS,
  redirectLoginUrl,
  signInWithPopup,
} from './popupSignIn.ts';

const me: Me = { uid: 'u1', email: 'an@example.com', photoURL: null, displayName: 'An' };

/** The server's /api/me as the browser sees it: the user once `signedIn`, null before. */
function fakeMeEndpoint() {
  const server = { signedIn: false, calls: 0 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      expect(String(input)).toBe('/api/me');
      server.calls += 1;
      return Response.json(server.signedIn ? me : null);
    }),
  );
  return server;
}

function fakePopup() {
  const popup = { closed: false } as Window;
  const open = vi.spyOn(window, 'open').mockReturnValue(popup);
  return { popup, open };
}

const report = (ok: boolean) => ({ type: AUTH_MESSAGE_TYPE, ok });

describe('signInWithPopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens the named popup and resolves with /api/me after a same-origin ok report', async () => {
    const server = fakeMeEndpoint();
    const { open } = fakePopup();
    const result = signInWithPopup();
    expect(open).toHaveBeenCalledWith(LOGIN_POPUP_URL, LOGIN_POPUP_NAME, LOGIN_POPUP_FEATURES);
    server.signedIn = true;
    window.dispatchEvent(new MessageEvent('message', { data: report(true), origin: window.location.origin }));
    await expect(result).resolves.toEqual(me);
    expect(server.calls).toBe(1);
  });

  it('ignores reports from another origin and accepts the BroadcastChannel report', async () => {
    const server = fakeMeEndpoint();
    fakePopup();
    let settled = false;
    const result = signInWithPopup().finally(() => {
      settled = true;
    });
    window.dispatchEvent(new MessageEvent('message', { data: report(false), origin: 'https://evil.example' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    server.signedIn = true;
    const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
    channel.postMessage(report(true));
    channel.close();
    await vi.waitFor(() => expect(settled).toBe(true));
    await expect(result).resolves.toEqual(me);
  });

  it('rejects without asking the server when the popup reports a failure', async () => {
    const server = fakeMeEndpoint();
    fakePopup();
    const result = signInWithPopup();
    window.dispatchEvent(new MessageEvent('message', { data: report(false), origin: window.location.origin }));
    await expect(result).rejects.toMatchObject({ code: 'sign_in_failed' });
    expect(server.calls).toBe(0);
  });

  it('when the popup closes without a report, confirms once with /api/me and rejects when signed out', async () => {
    const server = fakeMeEndpoint();
    const { popup } = fakePopup();
    const result = signInWithPopup();
    const outcome = expect(result).rejects.toMatchObject({ code: 'popup_closed' });
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS * 3);
    expect(server.calls).toBe(0);
    Object.assign(popup, { closed: true });
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    await outcome;
    expect(server.calls).toBe(1);
  });

  it('when the popup closes after signing in but its report was lost, the /api/me check signs the user in', async () => {
    const server = fakeMeEndpoint();
    const { popup } = fakePopup();
    const result = signInWithPopup();
    server.signedIn = true;
    Object.assign(popup, { closed: true });
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    await expect(result).resolves.toEqual(me);
  });

  it('falls back to a full-page redirect back to the current path when the popup is blocked', async () => {
    fakeMeEndpoint();
    vi.spyOn(window, 'open').mockReturnValue(null);
    window.history.pushState(null, '', '/room/abc?x=1');
    const redirect = vi.fn();
    void signInWithPopup(redirect);
    await vi.advanceTimersByTimeAsync(0);
    expect(redirect).toHaveBeenCalledWith('/auth/login?mode=redirect&returnTo=%2Froom%2Fabc%3Fx%3D1');
    expect(redirectLoginUrl('/')).toBe('/auth/login?mode=redirect&returnTo=%2F');
  });
});
