import { type ShellMessages, vi } from './vi.ts';
import type { RoomMessages } from './viRoom.ts';

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

/** Every text of the app: the shell's, and the room page's once that page has added them (addTexts). */
export type Messages = ShellMessages & RoomMessages;

/**
 * One group of texts (a few top-level sections of Messages) in each language. The shell's is always needed;
 * a page adds its own, so its texts load with it, and a language switch then fetches every group added so far.
 */
export type TextGroup = Record<Language, () => Promise<Partial<Messages>>>;

/** Vietnamese ships in the entry chunk; English is a chunk of its own, fetched the first time it is needed. */
const SHELL_TEXTS: TextGroup = { vi: async () => vi, en: async () => (await import('./en.ts')).en };

const groups: TextGroup[] = [SHELL_TEXTS];
const loaded = new Map<TextGroup, Partial<Record<Language, Partial<Messages>>>>([[SHELL_TEXTS, { vi }]]);

async function loadGroup(group: TextGroup, language: Language): Promise<void> {
  // One record per group, made before any await: two languages loading at once must not overwrite each other.
  let texts = loaded.get(group);
  if (!texts) {
    texts = {};
    loaded.set(group, texts);
  }
  texts[language] ??= await group[language]();
}

/** Every group loaded so far in `language`, merged. Until a page adds its group, its keys are missing (translate shows the key). */
function mergedTexts(language: Language): Messages {
  return Object.assign({}, ...groups.map((group) => loaded.get(group)?.[language])) as Messages;
}

export interface ActiveLanguage {
  language: Language;
  messages: Messages;
}

// Replaced (never mutated) on a change, so useTranslation's useSyncExternalStore sees it.
let active: ActiveLanguage = { language: DEFAULT_LANGUAGE, messages: mergedTexts(DEFAULT_LANGUAGE) };
const listeners = new Set<() => void>();

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLanguage(): Language {
  return active.language;
}

/** The active language with its texts (the same object until the next change). */
export function activeLanguage(): ActiveLanguage {
  return active;
}

function activate(language: Language): void {
  active = { language, messages: mergedTexts(language) };
  document.documentElement.lang = language;
  for (const listener of listeners) listener();
}

/**
 * Adds a page's texts, resolving once they are there in the active language (the page waits for it before its
 * first render). Rejects when they could not be fetched, which the page's loader reports like a failed chunk.
 */
export async function addTexts(group: TextGroup): Promise<void> {
  if (!groups.includes(group)) groups.push(group);
  // The language may change while the texts are on their way: load again until they match the active one.
  for (let language = active.language; ; language = active.language) {
    await loadGroup(group, language);
    if (language === active.language) break;
  }
  activate(active.language);
}

/** Switches and remembers the language; false (and no switch) when its texts could not be fetched. */
export async function changeLanguage(language: Language): Promise<boolean> {
  try {
    await Promise.all(groups.map((group) => loadGroup(group, language)));
  } catch {
    return false;
  }
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembering the choice is acceptable; the switch still applies to this page.
  }
  activate(language);
  return true;
}

/**
 * Starts in Vietnamese, bundled, so the default first render is translated synchronously; resolves once the
 * stored language, if another, is loaded too (main awaits it so an English reader sees no Vietnamese flash).
 */
export async function initI18n(language: Language = storedLanguage()): Promise<void> {
  if (language !== active.language) await changeLanguage(language);
}
