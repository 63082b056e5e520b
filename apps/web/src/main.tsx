import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { logIn } from './features/auth/userStore.ts';
import { loadClientConfig } from './features/clientConfig/clientConfigStore.ts';
import { initI18n } from './i18n/index.ts';
import { startErrorReporting } from './lib/errorReporting.ts';
import './index.css';

await initI18n();
// Before the first render, so the user store is already loading and home shows its spinner rather than a flash
// of 'Bắt đầu' (docs/product.md#signing-in).
void logIn('session');
const clientConfig = loadClientConfig();

const root = document.getElementById('root');
if (root) createRoot(root).render(<App />);
// Sentry starts from the first answer; a page load that could not read the settings runs without it.
void clientConfig.then(
  (config) => startErrorReporting(config.sentryDsn),
  () => {},
);
