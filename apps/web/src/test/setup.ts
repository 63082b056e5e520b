import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n } from '../i18n/index.ts';

// Tests read the exact Vietnamese texts, so they run in the default language.
await initI18n('vi');

afterEach(() => {
  cleanup();
});
