import { ERROR_REPORTING_DATA_COLLECTION } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { startErrorReporting } from './errorReporting.ts';

const sentryLoaded = () => '__SENTRY__' in globalThis;

// In this order: the SDK is global to the page, so the "off" case runs before anything loads it.
describe('startErrorReporting (web)', () => {
  it('stays off, without loading the SDK, when the server has no DSN', async () => {
    expect(await startErrorReporting(null)).toBe(false);
    expect(sentryLoaded()).toBe(false);
  });

  it('loads and starts the SDK with 0.2 trace sampling and no personal data when a DSN is set', async () => {
    const dsn = 'http://publickey@127.0.0.1:9/7';
    expect(await startErrorReporting(dsn)).toBe(true);
    const { getClient } = await import('@sentry/browser');
    const options = getClient()?.getOptions();
    expect(options?.dsn).toBe(dsn);
    expect(options?.tracesSampleRate).toBe(0.2);
    expect(options?.dataCollection).toEqual(ERROR_REPORTING_DATA_COLLECTION);
    expect(options?.integrations.map((integration) => integration.name)).toContain('BrowserTracing');
  });
});
