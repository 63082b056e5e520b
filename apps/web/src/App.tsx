import { StrictMode } from 'react';
import { AppRoutes } from './routes/AppRoutes.tsx';

/**
 * The routes in strict mode. Nothing else needs a provider: the router (wouter) reads and changes the browser's
 * location directly, and client state lives in stores the components read directly (docs/decisions/034).
 */
export function App() {
  return (
    <StrictMode>
      <AppRoutes />
    </StrictMode>
  );
}
