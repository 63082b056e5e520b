import { TERMS_PATH } from '../../apps/web/src/lib/paths.ts';
import type { Preset } from './audit.ts';

export interface PageSpec {
  name: string;
  /** A path on the site, or 'room' for the room the signed-in visitor created. */
  path: string | 'room';
  preset: Preset;
  /** Audited after the sign-up, with the session cookie; signed-out pages are audited before it. */
  signedIn: boolean;
}

/** What `npm run lighthouse` audits (issue #12, item 3), in the order of its table. */
export const PAGES: PageSpec[] = [
  { name: 'home, signed out', path: '/', preset: 'mobile', signedIn: false },
  { name: 'home, signed in', path: '/', preset: 'mobile', signedIn: true },
  { name: 'room, 2 items', path: 'room', preset: 'mobile', signedIn: true },
  { name: 'terms', path: TERMS_PATH, preset: 'mobile', signedIn: false },
  { name: 'not found', path: '/khong-co-trang-nay', preset: 'mobile', signedIn: false },
  { name: 'home, signed out', path: '/', preset: 'desktop', signedIn: false },
  { name: 'room, 2 items', path: 'room', preset: 'desktop', signedIn: true },
];

export const pageUrl = (page: PageSpec, baseUrl: string, roomUrl: string | null): string => {
  if (page.path !== 'room') return new URL(page.path, baseUrl).href;
  if (!roomUrl) throw new Error(`${page.name}: no room yet`);
  return roomUrl;
};
