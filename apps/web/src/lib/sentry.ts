import { browserTracingIntegration, init } from '@sentry/browser';
import { ERROR_REPORTING_DATA_COLLECTION, TRACES_SAMPLE_RATE } from '@xemchung/protocol';

/**
 * Starts the Sentry browser SDK. Imported only dynamically (errorReporting.ts), so the SDK and these settings
 * are a chunk of their own (`sentry-*.js`) that no page downloads without a DSN.
 */
export function startSentry(dsn: string): void {
  init({
    dsn,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    dataCollection: ERROR_REPORTING_DATA_COLLECTION,
    integrations: [browserTracingIntegration()],
  });
}
