import { describe, expect, it } from 'vitest';
import { searchKeywordSchema } from './schemas/search.ts';
import { clipSearchKeyword, SEARCH_KEYWORD_MAX } from './search-keyword.ts';

describe('clipSearchKeyword', () => {
  it('keeps a keyword the route accepts as it is, trimmed', () => {
    expect(clipSearchKeyword('  sơn tùng  ')).toBe('sơn tùng');
    expect(clipSearchKeyword('a'.repeat(SEARCH_KEYWORD_MAX))).toBe('a'.repeat(SEARCH_KEYWORD_MAX));
  });

  it('cuts a longer one to what the route accepts, never through an emoji', () => {
    const emoji = '🎵'.repeat(300); // 600 UTF-16 units
    const clipped = clipSearchKeyword(`x${emoji}`);
    expect(clipped).toBe(`x${'🎵'.repeat(99)}`);
    expect(() => encodeURIComponent(clipped)).not.toThrow();
    expect(searchKeywordSchema.safeParse(clipped).success).toBe(true);
    expect(searchKeywordSchema.safeParse(clipSearchKeyword(`<script>${'a'.repeat(600)}`)).success).toBe(true);
  });
});
