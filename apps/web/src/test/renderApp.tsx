import { render } from '@testing-library/react';
import type { Me } from '@xemchung/protocol';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initialUserState, logIn, userStore } from '../features/auth/userStore.ts';
import { clientConfigStore } from '../features/clientConfig/clientConfigStore.ts';
import { initialSearchState, searchStore } from '../features/search/searchStore.ts';
import { AppRoutes } from '../routes/AppRoutes.tsx';

export const testUser: Me = {
  uid: 'u1',
  email: 'an.nguyen@example.com',
  photoURL: null,
  displayName: 'Nguyễn Văn An',
};

/** Exposes where the router is. */
function LocationProbe() {
  const [location] = useLocation();
  return (
    <output data-testid="location" hidden>
      {location}
    </output>
  );
}

/**
 * The real app (routes, lazy pages, top bar) at `path`, starting the session exactly as main.tsx does.
 * The network is whatever the test installed (see fakeServer.ts). `history` is the list of entries the app left,
 * the last one current: a push adds one, a replace changes the last.
 */
export function renderApp(path = '/') {
  // A page load starts from the stores' first values; their modules outlive a test.
  userStore.set(initialUserState);
  clientConfigStore.set({ status: 'idle' });
  searchStore.set(initialSearchState);
  void logIn('session');
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook}>
      <AppRoutes />
      <LocationProbe />
    </Router>,
  );
  return {
    ...view,
    history: location.history as string[],
    /** Navigates as another part of the app would. */
    navigate: (to: string) => location.navigate(to),
  };
}
