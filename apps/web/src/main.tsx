import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startSession } from './features/auth/startSession.ts';
import { initI18n } from './i18n/index.ts';
import { startErrorReporting } from './lib/errorReporting.ts';
import { loadClientConfig } from './store/clientConfigSlice.ts';
import { createAppStore } from './store/index.ts';
import './index.css';

await initI18n();
const store = createAppStore();
startSession(store.dispatch);
const clientConfig = store.dispatch(loadClientConfig());

const root = document.getElementById('root');
if (root) createRoot(root).render(<App store={store} />);
// Sentry starts from the first answer; a page load that could not read the settings runs without it.
void clientConfig.unwrap().then(
  (config) => startErrorReporting(config.sentryDsn),
  () => {},
);
