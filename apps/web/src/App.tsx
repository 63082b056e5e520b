import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { AppRoutes } from './routes/AppRoutes.tsx';
import type { AppStore } from './store/index.ts';

/**
 * Providers around the routes; the store is made by the caller so it can start the session first. The router
 * (wouter) needs no provider: it reads and changes the browser's location directly.
 */
export function App({ store }: { store: AppStore }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <AppRoutes />
      </Provider>
    </StrictMode>
  );
}
