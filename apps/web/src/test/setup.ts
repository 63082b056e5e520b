import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { addTexts, initI18n } from '../i18n/index.ts';
import { ROOM_TEXTS } from '../i18n/roomTexts.ts';
import { installDialogPolyfill } from './dialogPolyfill.ts';

installDialogPolyfill();

// Tests read the exact Vietnamese texts, so they run in the default language.
await initI18n('vi');
// Room components are rendered on their own too, without the route that adds their texts.
await addTexts(ROOM_TEXTS);

afterEach(() => {
  cleanup();
});
