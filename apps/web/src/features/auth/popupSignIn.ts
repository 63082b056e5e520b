import type { Me } from '@xemchung/protocol';
import { fetchMe } from './authApi.ts';
import { AUTH_CHANNEL_NAME, isAuthMessage } from './authMessage.ts';

export const LOGIN_POPUP_URL = '/auth/login?mode=popup';
export const LOGIN_POPUP_NAME = 'xemchung-login';
export const LOGIN_POPUP_FEATURES = 'width=480,height=640';
/** How often we look whether the user closed the popup without finishing. */
export const POPUP_CLOSED_POLL_MS = 500;

/** How a popup sign-in ended, as far as this window can tell. */
export type PopupOutcome = 'ok' | 'failed' | 'closed' | 'blocked';

/** Why a sign-in did not produce a user; the UI shows nothing for any of them (docs/product.md#signing-in). */
export class SignInError extends Error {
  readonly code: 'sign_in_failed' | 'popup_closed' | 'not_signed_in';
  constructor(code: SignInError['code']) {
    super(code);
    this.name = 'SignInError';
    this.code = code;
  }
}

export function redirectLoginUrl(returnTo: string): string {
  return `/auth/login?mode=redirect&returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Opens the sign-in popup and settles on the first of: its report on `postMessage` (same origin only), its
 * report on the BroadcastChannel, or the popup found closed. Both report paths carry the same message; the
 * first wins and the rest is ignored.
 */
export function openSignInPopup(): Promise<PopupOutcome> {
  const popup = window.open(LOGIN_POPUP_URL, LOGIN_POPUP_NAME, LOGIN_POPUP_FEATURES);
  if (!popup) return Promise.resolve('blocked');

  return new Promise((resolve) => {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(AUTH_CHANNEL_NAME) : null;

    const finish = (outcome: PopupOutcome) => {
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
      clearInterval(closedPoll);
      resolve(outcome);
    };
    const onReport = (data: unknown) => {
      if (isAuthMessage(data)) finish(data.ok ? 'ok' : 'failed');
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onReport(event.data);
    };

    window.addEventListener('message', onWindowMessage);
    channel?.addEventListener('message', (event) => onReport(event.data));
    const closedPoll = setInterval(() => {
      if (popup.closed) finish('closed');
    }, POPUP_CLOSED_POLL_MS);
  });
}

/**
 * The whole interactive sign-in: popup, then the session read back from the server. A blocked popup falls back
 * to a full-page redirect that returns to the current path; the returned promise then never settles, because
 * the page is being replaced and the loading state is the truthful one until it is.
 */
export async function signInWithPopup(
  redirect: (url: string) => void = (url) => window.location.assign(url),
): Promise<Me> {
  const outcome = await openSignInPopup();
  switch (outcome) {
    case 'blocked': {
      const { pathname, search, hash } = window.location;
      redirect(redirectLoginUrl(`${pathname}${search}${hash}`));
      return new Promise<never>(() => {});
    }
    case 'failed':
      throw new SignInError('sign_in_failed');
    case 'ok': {
      const me = await fetchMe();
      if (!me) throw new SignInError('not_signed_in');
      return me;
    }
    case 'closed': {
      // The report may have been lost (e.g. the popup closed itself before it was delivered): ask the server once.
      const me = await fetchMe();
      if (!me) throw new SignInError('popup_closed');
      return me;
    }
  }
}
