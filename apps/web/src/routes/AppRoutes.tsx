import { Route, Routes } from 'react-router';
import { TopBarLayout } from '../layout/TopBarLayout.tsx';
import { LazyRoute, lazyWithTimeout } from './lazyWithTimeout.tsx';

// Every page is its own chunk; the entry holds only the shell (router, store, i18n, top bar).
const home = lazyWithTimeout(() => import('./HomePage.tsx').then((m) => ({ default: m.HomePage })));
const room = lazyWithTimeout(() => import('./RoomPage.tsx').then((m) => ({ default: m.RoomPage })));
const termsOfUse = lazyWithTimeout(() => import('./TermsOfUsePage.tsx').then((m) => ({ default: m.TermsOfUsePage })));
const privacyPolicy = lazyWithTimeout(() =>
  import('./PrivacyPolicyPage.tsx').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const notFound = lazyWithTimeout(() => import('./NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));

/** The routes of docs/product.md#routes, all inside the top-bar layout. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<TopBarLayout />}>
        <Route index element={<LazyRoute page={home} />} />
        <Route path="room/:roomId" element={<LazyRoute page={room} />} />
        <Route path="terms-of-use" element={<LazyRoute page={termsOfUse} />} />
        <Route path="privacy-policy" element={<LazyRoute page={privacyPolicy} />} />
        <Route path="*" element={<LazyRoute page={notFound} />} />
      </Route>
    </Routes>
  );
}
