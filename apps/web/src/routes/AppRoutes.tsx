import { Route, Switch } from 'wouter';
import { addTexts } from '../i18n/index.ts';
import { TopBarLayout } from '../layout/TopBarLayout.tsx';
import { HOME_PATH, PRIVACY_PATH, ROOM_PATH_PATTERN, TERMS_PATH } from '../lib/paths.ts';
import { LazyRoute, lazyWithTimeout } from './lazyWithTimeout.tsx';

// Every page is its own chunk; the entry holds only the shell (router, store, i18n, top bar).
const home = lazyWithTimeout(() => import('./HomePage.tsx').then((m) => ({ default: m.HomePage })));
// The room page brings its own texts (in its chunk, so home does not download them); they are added before it shows.
const room = lazyWithTimeout(async () => {
  const { RoomPage, ROOM_TEXTS } = await import('./RoomPage.tsx');
  await addTexts(ROOM_TEXTS);
  return { default: RoomPage };
});
const termsOfUse = lazyWithTimeout(() => import('./TermsOfUsePage.tsx').then((m) => ({ default: m.TermsOfUsePage })));
const privacyPolicy = lazyWithTimeout(() =>
  import('./PrivacyPolicyPage.tsx').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const notFound = lazyWithTimeout(() => import('./NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

/** The routes of docs/product.md#routes, all inside the top-bar layout; the first that matches is shown. */
export function AppRoutes() {
  return (
    <TopBarLayout>
      <Switch>
        <Route path={HOME_PATH}>
          <LazyRoute page={home} />
        </Route>
        <Route path={ROOM_PATH_PATTERN}>
          <LazyRoute page={room} />
        </Route>
        <Route path={TERMS_PATH}>
          <LazyRoute page={termsOfUse} />
        </Route>
        <Route path={PRIVACY_PATH}>
          <LazyRoute page={privacyPolicy} />
        </Route>
        <Route>
          <LazyRoute page={notFound} />
        </Route>
      </Switch>
    </TopBarLayout>
  );
}
