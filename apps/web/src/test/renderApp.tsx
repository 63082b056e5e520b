import { render } from '@testing-library/react';
import type { Me } from '@xemchung/protocol';
import { Provider } from 'react-redux';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { startSession } from '../features/auth/startSession.ts';
import { AppRoutes } from '../routes/AppRoutes.tsx';
import { createAppStore } from '../store/index.ts';

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
 * The real app (store, routes, lazy pages, top bar) at `path`, starting the session exactly as main.tsx does.
 * The network is whatever the test installed (see fakeServer.ts). `history` is the list of entries the app left,
 * the last one current: a push adds one, a replace changes the last.
 */
export function renderApp(path = '/') {
  const store = createAppStore();
  startSession(store.dispatch);
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Provider store={store}>
      <Router hook={location.hook}>
        <AppRoutes />
        <LocationProbe />
      </Router>
    </Provider>,
  );
  return {
    ...view,
    store,
    history: location.history as string[],
    /** Navigates as another part of the app would. */
    navigate: (to: string) => location.navigate(to),
  };
}
