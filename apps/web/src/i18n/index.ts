import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Messages, vi } from './vi.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

export const LANGUAGES = ['vi', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'vi';
/** Each language named in itself, as language pickers conventionally do, so not translated. */
export const LANGUAGE_NAMES: Record<Language, string> = { vi: 'Tiếng Việt', en: 'English' };

const STORAGE_KEY = 'xemchung:language';

function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** The language the user picked earlier, or Vietnamese (no browser detection: the product is Vietnamese first). */
export function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy mode, sandboxed frames); the default is the right answer then.
    return DEFAULT_LANGUAGE;
  }
}

/** Vietnamese ships in the entry chunk; other languages are fetched the first time they are needed. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === 'vi' || i18next.hasResourceBundle(language, 'translation')) return;
  const { en } = await import('./en.ts');
  i18next.addResourceBundle(language, 'translation', en);
}

/** Switches and remembers the language; false (and no switch) when its texts could not be fetched. */
export async function changeLanguage(language: Language): Promise<boolean> {
  try {
    await loadLanguage(language);
  } catch {
    return false;
  }
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; the switch still applies to this page.
  }
  await i18next.changeLanguage(language);
  return true;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;
}

/**
 * Initialises with Vietnamese bundled, so the default first render is translated synchronously; resolves once the
 * stored language, if another, is loaded too (main awaits it so an English reader sees no Vietnamese flash).
 */
export async function initI18n(language: Language = storedLanguage()): Promise<void> {
  if (i18next.isInitialized) return;
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  void i18next.use(initReactI18next).init({
    resources: { vi: { translation: vi } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false }, // React already escapes
    returnNull: false,
  });
  if (language !== DEFAULT_LANGUAGE) await changeLanguage(language);
}
