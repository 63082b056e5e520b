/**
 * Starts Sentry in the browser when the server has a DSN (`sentryDsn` of `GET /api/client-config`), so one build
 * serves every deployment. The SDK is a separate chunk fetched only then: without a DSN nothing of it is
 * downloaded. Resolves to whether reporting started; never rejects (reporting must not break the app).
 */
export async function startErrorReporting(sentryDsn: string | null): Promise<boolean> {
  if (!sentryDsn) return false;
  try {
    const { startSentry } = await import('./sentry.ts');
    startSentry(sentryDsn);
    return true;
  } catch {
    return false;
  }
}
