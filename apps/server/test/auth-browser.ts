import { expect } from 'vitest';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expires: number | null;
}

/**
 * Just enough of a browser for the sign-in flow: a cookie jar (per host, like browsers: ports ignored),
 * redirects followed by hand so every hop can be inspected, and `Origin` on every request that is not a GET or
 * HEAD, as browsers send it: the origin of the page it is on (the last URL visited).
 */
export class TestBrowser {
  readonly cookies = new Map<string, StoredCookie>();
  /** Every URL visited, in order (redirect hops included). */
  readonly visited: string[] = [];
  /** Sent with every request, e.g. an `X-Forwarded-For` naming where this browser is (a server behind TRUST_PROXY). */
  readonly headers: Record<string, string>;

  constructor(headers: Record<string, string> = {}) {
    this.headers = headers;
  }

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  private store(setCookies: string[]): void {
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let expires: number | null = null;
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age') expires = Date.now() + Number(attributeValue) * 1000;
        if (key.toLowerCase() === 'expires' && expires === null) expires = Date.parse(attributeValue);
      }
      const key = `${name};${path}`;
      if (expires !== null && expires <= Date.now()) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path, expires });
    }
  }

  private cookieHeader(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  /** One request, no redirect following; cookies sent and stored. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers({ ...this.headers, ...Object.fromEntries(new Headers(init.headers)) });
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set('cookie', cookie);
    const method = (init.method ?? 'GET').toUpperCase();
    const page = this.visited.at(-1);
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('origin')) {
      headers.set('origin', new URL(page ?? target).origin);
    }
    this.visited.push(target.href);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    this.store(response.headers.getSetCookie());
    return response;
  }

  /** Follows 30x hops (as GET) until a non-redirect answer; returns it with its URL. */
  async follow(url: string | URL, init: RequestInit = {}, maxHops = 10): Promise<{ response: Response; url: URL }> {
    let current = new URL(url);
    let response = await this.fetch(current, init);
    for (let hop = 0; response.status >= 300 && response.status < 400; hop++) {
      if (hop >= maxHops) throw new Error(`too many redirects from ${url}`);
      const location = response.headers.get('location');
      expect(location, `redirect from ${current.href} has a location`).toBeTruthy();
      await response.arrayBuffer();
      current = new URL(location ?? '', current);
      response = await this.fetch(current);
    }
    return { response, url: current };
  }

  /** Submits an HTML form the way a browser does (urlencoded POST), following redirects. */
  submit(action: string | URL, fields: Record<string, string>) {
    return this.follow(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }
}
