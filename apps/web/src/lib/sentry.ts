import { browserTracingIntegration, init } from '@sentry/browser';
import { ERROR_REPORTING_DATA_COLLECTION, redactSearchKeywords, TRACES_SAMPLE_RATE } from '@xemchung/protocol';

/**
 * Starts the Sentry browser SDK. Imported only dynamically (errorReporting.ts), so the SDK and these settings
 * are a chunk of their own (`sentry-*.js`) that no page downloads without a DSN. Every breadcrumb, span and
 * event passes through `redactSearchKeywords`: the search keyword is in a URL path, which the SDK keeps.
 */
export function startSentry(dsn: string): void {
  init({
    dsn,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    dataCollection: ERROR_REPORTING_DATA_COLLECTION,
    integrations: [browserTracingIntegration()],
    beforeBreadcrumb: redactSearchKeywords,
    beforeSend: redactSearchKeywords,
    beforeSendTransaction: redactSearchKeywords,
    beforeSendSpan: redactSearchKeywords,
  });
}
