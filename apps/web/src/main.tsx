import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { startSession } from './features/auth/startSession.ts';
import { initI18n } from './i18n/index.ts';
import { startErrorReporting } from './lib/errorReporting.ts';
import { createAppStore } from './store/index.ts';
import './index.css';

await initI18n();
const store = createAppStore();
startSession(store.dispatch);

const root = document.getElementById('root');
if (root) createRoot(root).render(<App store={store} />);
void startErrorReporting();
