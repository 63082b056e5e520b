/** A blocked or unreachable player SDK must not leave the player loading forever (ms), as for YouTube. */
export const SDK_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<unknown>>();

/**
 * Loads a player SDK's script once, on first use, and resolves with what `global()` finds once it has run (the
 * Vimeo, Dailymotion and SoundCloud SDKs define their global when the script executes: no callback to wait for).
 * Rejects when the script cannot be fetched (the site blocked, offline, or the CSP refusing it), defines nothing,
 * or has not loaded within SDK_TIMEOUT_MS; a later call tries again.
 */
export function loadSdkScript<T>(url: string, global: () => T | undefined): Promise<T> {
  const present = global();
  if (present) return Promise.resolve(present);
  let pending = loading.get(url) as Promise<T> | undefined;
  if (pending) return pending;
  pending = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading.delete(url);
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail(`${url} timed out`), SDK_TIMEOUT_MS);
    script.onload = () => {
      clearTimeout(timer);
      const value = global();
      if (value) resolve(value);
      else fail(`${url} defined nothing`);
    };
    script.onerror = () => fail(`${url} unreachable`);
    script.src = url;
    script.async = true;
    document.head.append(script);
  });
  loading.set(url, pending);
  return pending;
}
