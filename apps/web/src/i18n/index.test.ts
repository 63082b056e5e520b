import { afterEach, describe, expect, it } from 'vitest';
import { activeLanguage, addTexts, changeLanguage, currentLanguage, type Messages, type TextGroup } from './index.ts';
import { translate } from './translate.ts';

const text = (key: Parameters<typeof translate>[1]) => translate(activeLanguage().messages, key);

/** A text group whose loads the test settles by hand, one pending load per language at a time. */
function heldGroup(texts: Record<'vi' | 'en', string>) {
  const pending: Partial<Record<'vi' | 'en', () => void>> = {};
  const section = (value: string) => ({ legal: { vietnameseOnly: value } }) as Partial<Messages>;
  const group: TextGroup = {
    vi: () => new Promise((resolve) => (pending.vi = () => resolve(section(texts.vi)))),
    en: () => new Promise((resolve) => (pending.en = () => resolve(section(texts.en)))),
  };
  return { group, release: (language: 'vi' | 'en') => pending[language]?.() };
}

afterEach(async () => {
  await changeLanguage('vi');
  localStorage.clear();
});

describe('languages and text groups', () => {
  it("switching fetches every group added so far: the shell's and the room's, in English", async () => {
    expect(text('room.share')).toBe('Chia sẻ');
    expect(await changeLanguage('en')).toBe(true);
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(text('home.createRoom')).toBe('Create room');
    expect(text('room.share')).toBe('Share');
    expect(localStorage.getItem('xemchung:language')).toBe('en');
  });

  it('a group whose Vietnamese arrives after a switch to English is fetched in English too', async () => {
    const { group, release } = heldGroup({ vi: 'chỉ tiếng Việt', en: 'only English' });
    const switched = changeLanguage('en');
    const added = addTexts(group);
    await switched;
    release('vi');
    await new Promise((resolve) => setTimeout(resolve));
    release('en');
    await added;
    expect(currentLanguage()).toBe('en');
    expect(text('legal.vietnameseOnly')).toBe('only English');
  });

  it('does not switch when a group cannot be fetched in that language', async () => {
    const broken: TextGroup = { vi: async () => ({}), en: () => Promise.reject(new Error('offline')) };
    await addTexts(broken);
    expect(await changeLanguage('en')).toBe(false);
    expect(currentLanguage()).toBe('vi');
    expect(text('home.createRoom')).toBe('Tạo phòng');
  });
});
