import { ERROR_REPORTING_DATA_COLLECTION } from '@xemchung/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startErrorReporting } from './errorReporting.ts';

function answerConfig(response: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/api/client-config' ? response() : Response.json({}, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const sentryLoaded = () => '__SENTRY__' in globalThis;

afterEach(() => {
  vi.unstubAllGlobals();
});

// In this order: the SDK is global to the page, so the "off" cases run before anything loads it.
describe('startErrorReporting (web)', () => {
  it('stays off, without loading the SDK, when the server has no DSN', async () => {
    const fetch = answerConfig(() => Response.json({ sentryDsn: null }));
    expect(await startErrorReporting()).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sentryLoaded()).toBe(false);
  });

  it('stays off, without throwing, when the config cannot be read', async () => {
    answerConfig(() => Response.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }));
    expect(await startErrorReporting()).toBe(false);
    answerConfig(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await startErrorReporting()).toBe(false);
    expect(sentryLoaded()).toBe(false);
  });

  it('loads and starts the SDK with 0.2 trace sampling and no personal data when a DSN is set', async () => {
    const dsn = 'http://publickey@127.0.0.1:9/7';
    answerConfig(() => Response.json({ sentryDsn: dsn }));
    expect(await startErrorReporting()).toBe(true);
    const { getClient } = await import('@sentry/browser');
    const options = getClient()?.getOptions();
    expect(options?.dsn).toBe(dsn);
    expect(options?.tracesSampleRate).toBe(0.2);
    expect(options?.dataCollection).toEqual(ERROR_REPORTING_DATA_COLLECTION);
    expect(options?.integrations.map((integration) => integration.name)).toContain('BrowserTracing');
  });
});
