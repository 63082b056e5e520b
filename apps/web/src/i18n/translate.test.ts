import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { enRoom } from './enRoom.ts';
import type { Messages } from './index.ts';
import { type MessageKey, translate } from './translate.ts';
import { vi as viShell } from './vi.ts';
import { viRoom } from './viRoom.ts';

const vi: Messages = { ...viShell, ...viRoom };
const english: Messages = { ...en, ...enRoom };

describe('translate', () => {
  it('reads a nested text by its dotted key', () => {
    expect(translate(vi, 'home.createRoom')).toBe('Tạo phòng');
    expect(translate(english, 'home.createRoom')).toBe('Create room');
  });

  it('fills every placeholder, numbers included, and leaves nothing for a value not given', () => {
    expect(translate(vi, 'home.roomNameLength', { count: 12, max: 80 })).toBe('12/80 ký tự');
    expect(translate(vi, 'room.errors.capReached', {})).toBe('Bạn đã thêm đủ  video đang chờ');
  });

  it('inserts values as they are: a placeholder inside a value is not filled again', () => {
    expect(translate(vi, 'home.yourRoom', { name: '{{name}} <b>' })).toBe('Phòng của bạn: {{name}} <b>');
  });

  it('answers the key itself for a key with no text, so a gap shows instead of breaking the page', () => {
    expect(translate(vi, 'home.gone' as MessageKey)).toBe('home.gone');
    expect(translate(vi, 'home' as MessageKey)).toBe('home');
  });
});
