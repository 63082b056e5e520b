import { ERROR_REPORTING_DATA_COLLECTION, redactSearchKeywords, TRACES_SAMPLE_RATE } from '@xemchung/protocol';

export interface ErrorReporting {
  /** Sends what is queued (waiting at most `timeoutMs`) and stops reporting. */
  close(timeoutMs: number): Promise<void>;
}

/**
 * Starts Sentry when a DSN is configured; without one the SDK is not even loaded. Route handlers' errors
 * reach Sentry through Fastify's diagnostics channel (the SDK's default Fastify integration), which needs no
 * hook in the app; 4xx answers are not reported. docs/decisions/008-search-ui-and-error-reporting.md.
 */
export async function startErrorReporting(dsn: string | undefined): Promise<ErrorReporting | null> {
  if (!dsn) return null;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    dataCollection: ERROR_REPORTING_DATA_COLLECTION,
    // The search keyword is in the request path, which the SDK keeps (it strips only query strings).
    beforeBreadcrumb: redactSearchKeywords,
    beforeSend: redactSearchKeywords,
    beforeSendTransaction: redactSearchKeywords,
    beforeSendSpan: redactSearchKeywords,
  });
  return {
    async close(timeoutMs) {
      await Sentry.close(timeoutMs);
    },
  };
}
