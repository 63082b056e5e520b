import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSdkScript, SDK_TIMEOUT_MS } from './sdkScript.ts';

type TestWindow = Window & { __testSdk?: { ok: true } };
const global = () => (window as TestWindow).__testSdk;
const script = (url: string) => document.head.querySelector<HTMLScriptElement>(`script[src="${url}"]`);

afterEach(() => {
  vi.useRealTimers();
  delete (window as TestWindow).__testSdk;
  document.head.replaceChildren();
});

describe('R79 loadSdkScript', () => {
  it('adds the script once, resolves with its global once it has run, and reuses it after', async () => {
    const url = 'https://player.example/one.js';
    const first = loadSdkScript(url, global);
    const second = loadSdkScript(url, global);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    (window as TestWindow).__testSdk = { ok: true };
    script(url)?.onload?.(new Event('load'));
    await expect(first).resolves.toEqual({ ok: true });
    await expect(second).resolves.toEqual({ ok: true });
    await expect(loadSdkScript(url, global)).resolves.toEqual({ ok: true });
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('rejects a script that cannot be fetched, or that defines nothing, and tries again on the next call', async () => {
    const url = 'https://player.example/two.js';
    const unreachable = loadSdkScript(url, global);
    script(url)?.onerror?.(new Event('error'));
    await expect(unreachable).rejects.toThrow(/unreachable/);
    expect(script(url)).toBeNull();
    const empty = loadSdkScript(url, global);
    script(url)?.onload?.(new Event('load'));
    await expect(empty).rejects.toThrow(/defined nothing/);
  });

  it(`gives up after ${SDK_TIMEOUT_MS} ms without an answer (a blocked site)`, async () => {
    vi.useFakeTimers();
    const url = 'https://player.example/three.js';
    const pending = loadSdkScript(url, global);
    const outcome = expect(pending).rejects.toThrow(/timed out/);
    vi.advanceTimersByTime(SDK_TIMEOUT_MS);
    await outcome;
    expect(script(url)).toBeNull();
  });
});
