import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/auth/sessions.ts';
import { newAccount, openLoginPage, register } from './auth-flow-helpers.ts';
import { suiteServer } from './suite-server.ts';

/** A CSP header as directive → sources; fails on a repeated header (fetch joins repeats with ", "). */
function parseCsp(header: string | null): Map<string, string[]> {
  expect(header, 'content-security-policy').toBeTruthy();
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `${name} appears once`).toBe(false);
    directives.set(name, sources);
  }
  return directives;
}

/** A built web app stand-in: what Vite emits, module scripts by URL and no inline script. */
function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'xc-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>XemChung</title><script type="module" src="/assets/app.js"></script>',
  );
  return dist;
}

describe('security headers on an http deployment without Sentry', () => {
  let dist: string;
  beforeAll(() => {
    dist = fakeDist();
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });
  const server = suiteServer('sqlite', () => ({ env: { WEB_DIST_DIR: dist } }));

  it('gives the app a CSP that allows only itself, the YouTube, Vimeo, Dailymotion and SoundCloud players (R78) and media, and no framing', async () => {
    const response = await fetch(`${server.url}/room/abcdefghijklmnop`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const csp = parseCsp(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    const embeds = ['https://player.vimeo.com', 'https://geo.dailymotion.com', 'https://w.soundcloud.com'];
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.youtube.com', 'https://s.ytimg.com', ...embeds]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(['https://www.youtube.com', 'https://www.youtube-nocookie.com', ...embeds]);
    expect(csp.get('img-src')).toEqual(["'self'", 'https:', 'data:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'https:', 'http:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'", `ws://${new URL(server.url).host}`, 'https:', 'http:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    const everything = [...csp.values()].flat();
    expect(everything).not.toContain("'unsafe-inline'");
    expect(everything).not.toContain("'unsafe-eval'");
    expect(everything.some((source) => source.includes('sentry'))).toBe(false);
    expect(csp.has('report-uri')).toBe(false);
    // On plain http, upgrading would break http media links and HSTS means nothing.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers.get('strict-transport-security')).toBeNull();

    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The app keeps its handle on the sign-in popup it opens.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(await response.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('sends the same headers with JSON answers and errors', async () => {
    for (const path of ['/api/me', '/api/nope', '/healthz']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(parseCsp(response.headers.get('content-security-policy')).get('frame-ancestors'), path).toEqual([
        "'none'",
      ]);
    }
  });

  it('lets the sign-in pages keep their own stricter policy, with no opener policy that could cut the popup off', async () => {
    const page = await openLoginPage(server.url);
    const login = await page.browser.fetch(page.url);
    const loginCsp = parseCsp(login.headers.get('content-security-policy'));
    const styleNonce = /^'nonce-(.+)'$/.exec(loginCsp.get('style-src')?.[0] ?? '')?.[1];
    expect(styleNonce).toBeTruthy();
    expect(await login.text()).toContain(`<style nonce="${styleNonce}">`);
    expect(loginCsp.get('script-src')).toEqual(["'none'"]);
    expect(loginCsp.get('form-action')).toEqual(["'self'"]);
    expect(login.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(login.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const done = await register(page, newAccount('Bảo Mật'));
    expect(done.url.pathname).toBe('/auth/callback');
    expect(done.response.headers.get('cross-origin-opener-policy')).toBeNull();
    const callbackCsp = parseCsp(done.response.headers.get('content-security-policy'));
    expect(callbackCsp.get('script-src')?.[0]).toMatch(/^'nonce-/);
    expect(callbackCsp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it("styles the identity provider's own error page under a nonce of its own", async () => {
    const response = await fetch(`${server.url}/oidc/auth?client_id=unknown&response_type=code&scope=openid`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Không thể đăng nhập');
    const csp = parseCsp(response.headers.get('content-security-policy'));
    const nonce = /^'nonce-(.+)'$/.exec(csp.get('style-src')?.[0] ?? '')?.[1];
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(csp.get('script-src')).toEqual(["'none'"]);
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, for 30 days, and not Secure on http', async () => {
    const page = await openLoginPage(server.url);
    const done = await register(page, newAccount('Bánh Quy'));
    const cookie = done.response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    const attributes = cookie.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=lax');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain(`max-age=${30 * 24 * 60 * 60}`);
    expect(attributes).not.toContain('secure');
  });
});

describe('security headers on an https deployment with Sentry', () => {
  const server = suiteServer('sqlite', {
    env: { PUBLIC_URL: 'https://xem.example', SENTRY_DSN: 'https://public%2Bkey@o42.ingest.sentry.example/1234' },
  });

  it('adds HSTS, upgrades insecure requests, uses wss, and lets the browser reach Sentry and report to it', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const csp = parseCsp(response.headers.get('content-security-policy'));
    expect(csp.get('upgrade-insecure-requests')).toEqual([]);
    expect(csp.get('media-src')).toEqual(["'self'", 'https:', 'blob:']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'wss://xem.example',
      'https:',
      'https://o42.ingest.sentry.example',
    ]);
    expect(csp.get('report-uri')).toEqual([
      'https://o42.ingest.sentry.example/api/1234/security/?sentry_key=public%2Bkey',
    ]);
  });

  it('marks every cookie Secure: the sign-in state and the session cookie it clears on logout', async () => {
    const login = await fetch(`${server.url}/auth/login?mode=popup`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const logout = await fetch(`${server.url}/auth/logout`, {
      method: 'POST',
      headers: { origin: 'https://xem.example' },
    });
    expect(logout.status).toBe(204);
    const cookies = [...login.headers.getSetCookie(), ...logout.headers.getSetCookie()];
    expect(cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const line of cookies) {
      const attributes = line.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes, line).toContain('secure');
      expect(attributes, line).toContain('httponly');
    }
  });
});
