import { describe, expect, it } from 'vitest';
import { messageTime, timeLocale } from './messageTime.ts';

describe('message times (R54)', () => {
  const sent = new Date(2026, 10, 24, 14, 5).getTime();

  it('shows the hour in the Vietnamese locale today, and the day before it on other days', () => {
    expect(messageTime(sent, 'vi-VN', sent + 3_600_000).short).toBe('14:05');
    expect(messageTime(sent, 'vi-VN', sent + 2 * 86_400_000).short).toBe('24/11 14:05');
    expect(messageTime(sent, 'vi-VN', sent).full).toContain('tháng 11');
  });

  it('follows the interface language', () => {
    expect(timeLocale('vi')).toBe('vi-VN');
    expect(timeLocale('en')).toBe('en-GB');
  });
});
