/** Thrown when a call to our own server answers with an unexpected status. */
export class HttpStatusError extends Error {
  readonly status: number;
  constructor(status: number, url: string) {
    super(`${url} answered ${status}`);
    this.name = 'HttpStatusError';
    this.status = status;
  }
}

/** Anything with a zod-style `parse`; keeps this module free of a schema library. */
export interface Parser<T> {
  parse(data: unknown): T;
}

/**
 * A same-origin JSON request; any status other than 2xx throws HttpStatusError. The body is checked by `schema`
 * when one is given. Pages on the first screen pass none: zod would more than double the entry chunk, and these
 * answers come from our own server, which validates everything at its edge.
 */
export async function requestJson<T>(url: string, schema?: Parser<T>, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!response.ok) throw new HttpStatusError(response.status, url);
  const body: unknown = await response.json();
  return schema ? schema.parse(body) : (body as T);
}
