/** What came back from an upstream JSON endpoint, with every way it can go wrong named. */
export type UpstreamResult =
  | { kind: 'ok'; body: unknown }
  | { kind: 'http_error'; status: number; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'unreachable' }
  | { kind: 'malformed' };

/** Upstream answers are small (ten search results); anything far larger is not what we asked for. */
const MAX_BODY_CHARS = 1_000_000;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * GETs a JSON document from a configured upstream. The whole exchange, body included, is bounded by
 * `timeoutMs`; redirects are refused so a request never ends up at a host other than the configured one.
 */
export async function fetchUpstreamJson(url: URL, timeoutMs: number): Promise<UpstreamResult> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    return (error as { name?: string }).name === 'TimeoutError' ? { kind: 'timeout' } : { kind: 'unreachable' };
  }
  const body = text.length <= MAX_BODY_CHARS ? parseJson(text) : undefined;
  if (!response.ok) return { kind: 'http_error', status: response.status, body };
  return body === undefined ? { kind: 'malformed' } : { kind: 'ok', body };
}
