/** Share of page loads and requests traced by error reporting (spec §7, §9). */
export const TRACES_SAMPLE_RATE = 0.2;

/**
 * What the Sentry SDKs (browser and server) may attach to a report: the error, its stack and the page or route
 * it happened on — no user fields, cookies, headers, bodies, query strings or local variables. The spec lists no
 * personal data for error reports, so none is sent. Assignable to Sentry's `dataCollection` option.
 */
export const ERROR_REPORTING_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  stackFrameVariables: false,
  databaseQueryData: false,
  queues: false,
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  graphQL: { document: false, variables: false },
};

/**
 * Body of `GET /api/client-config`: settings the web app learns at run time, so one build serves every
 * deployment. `sentryDsn` is null when error reporting is off (then the browser SDK is never loaded).
 */
export interface ClientConfig {
  sentryDsn: string | null;
}
