import { render } from '@testing-library/react';
import type { Me } from '@xemchung/protocol';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, useNavigationType } from 'react-router';
import { startSession } from '../features/auth/startSession.ts';
import { AppRoutes } from '../routes/AppRoutes.tsx';
import { createAppStore } from '../store/index.ts';

export const testUser: Me = {
  uid: 'u1',
  email: 'an.nguyen@example.com',
  photoURL: null,
  displayName: 'Nguyễn Văn An',
};

/** Exposes where the router is, and a way to navigate as another part of the app would. */
function RouterProbe({ onNavigate }: { onNavigate: (navigate: (to: string) => void) => void }) {
  const location = useLocation();
  const type = useNavigationType();
  const navigate = useNavigate();
  onNavigate((to) => void navigate(to));
  return <output data-testid="location" data-navigation-type={type} hidden>{`${location.pathname}`}</output>;
}

/**
 * The real app (store, routes, lazy pages, top bar) at `path`, starting the session exactly as main.tsx does.
 * The network is whatever the test installed (see fakeServer.ts).
 */
export function renderApp(path = '/') {
  const store = createAppStore();
  startSession(store.dispatch);
  let navigate: (to: string) => void = () => {};
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe
          onNavigate={(fn) => {
            navigate = fn;
          }}
        />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, navigate: (to: string) => navigate(to) };
}
