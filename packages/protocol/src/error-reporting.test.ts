import { describe, expect, it } from 'vitest';
import { redactSearchKeywords } from './error-reporting.ts';

describe('redactSearchKeywords', () => {
  it('replaces the keyword of every search URL in an event, however deep, and keeps the rest', () => {
    const event = {
      request: { url: 'https://xem.example/api/search_videos/s%C6%A1n%20t%C3%B9ng?x=1' },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/search_videos/lofi%20chill', method: 'GET' } },
        { category: 'navigation', data: { from: '/', to: '/room/abc' } },
      ],
      spans: [
        {
          description: 'GET https://xem.example/api/search_videos/a%2Fb',
          data: { 'url.path': '/api/search_videos/q' },
        },
      ],
      count: 3,
      none: null,
    };
    const redacted = redactSearchKeywords(event);
    expect(redacted).toBe(event);
    expect(redacted).toEqual({
      request: { url: 'https://xem.example/api/search_videos/[keyword]?x=1' },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/search_videos/[keyword]', method: 'GET' } },
        { category: 'navigation', data: { from: '/', to: '/room/abc' } },
      ],
      spans: [
        {
          description: 'GET https://xem.example/api/search_videos/[keyword]',
          data: { 'url.path': '/api/search_videos/[keyword]' },
        },
      ],
      count: 3,
      none: null,
    });
  });

  it('leaves the route pattern and other paths alone, and survives cycles', () => {
    const event: Record<string, unknown> = { transaction: 'GET /api/search_videos/:keyword', url: '/api/oembed' };
    event.self = event;
    expect(redactSearchKeywords(event).transaction).toBe('GET /api/search_videos/[keyword]');
    expect(event.url).toBe('/api/oembed');
    expect(redactSearchKeywords('/api/search_videos/')).toBe('/api/search_videos/');
  });
});
