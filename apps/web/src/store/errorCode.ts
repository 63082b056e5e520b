/** A short, serialisable code for a failure, for the slices' `error` field (the UI never shows raw errors). */
export function errorCode(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return 'unknown';
}
