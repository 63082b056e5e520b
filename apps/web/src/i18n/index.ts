import { type Messages, vi } from './vi.ts';

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

export interface ActiveLanguage {
  language: Language;
  messages: Messages;
}

// Replaced (never mutated) on a switch, so useTranslation's useSyncExternalStore sees the change.
let active: ActiveLanguage = { language: DEFAULT_LANGUAGE, messages: vi };
const listeners = new Set<() => void>();

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLanguage(): Language {
  return active.language;
}

/** The active language with its texts (the same object until the next switch). */
export function activeLanguage(): ActiveLanguage {
  return active;
}

/** Vietnamese ships in the entry chunk; English is a chunk of its own, fetched the first time it is needed. */
async function loadMessages(language: Language): Promise<Messages> {
  if (language === 'vi') return vi;
  return (await import('./en.ts')).en;
}

function activate(language: Language, messages: Messages): void {
  active = { language, messages };
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/** Switches and remembers the language; false (and no switch) when its texts could not be fetched. */
export async function changeLanguage(language: Language): Promise<boolean> {
  let messages: Messages;
  try {
    messages = await loadMessages(language);
  } catch {
    return false;
  }
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; the switch still applies to this page.
  }
  activate(language, messages);
  return true;
}

/**
 * Starts in Vietnamese, bundled, so the default first render is translated synchronously; resolves once the
 * stored language, if another, is loaded too (main awaits it so an English reader sees no Vietnamese flash).
 */
export async function initI18n(language: Language = storedLanguage()): Promise<void> {
  if (language !== active.language) await changeLanguage(language);
}
