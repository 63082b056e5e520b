import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { ChunkErrorBoundary } from '../components/ChunkErrorBoundary.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';

/** docs/product.md#limits: lazily loaded code chunks time out after 120000 ms. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Code chunk did not load within ${timeoutMs} ms`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/** `load()`, but rejected with ChunkLoadTimeoutError when it has not settled after `timeoutMs`. */
export function withTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadTimeoutError(timeoutMs)), timeoutMs);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

type PageModule = { default: ComponentType };

/** A page chunk loaded on first render; `reload()` replaces a failed attempt with a fresh one. */
export interface LazyPage {
  readonly Component: LazyExoticComponent<ComponentType>;
  reload(): void;
}

/**
 * A lazily loaded page whose chunk must arrive within `timeoutMs`. React.lazy remembers a failure forever, so
 * `reload()` builds a fresh lazy component (a chunk still in flight is shared by the browser, not refetched).
 * Render it with <LazyRoute page={…} />.
 */
export function lazyWithTimeout(load: () => Promise<PageModule>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): LazyPage {
  const createLazy = () => lazy(() => withTimeout(load, timeoutMs));
  let current = createLazy();
  return {
    get Component() {
      return current;
    },
    reload() {
      current = createLazy();
    },
  };
}

/**
 * Shows a spinner while the page's chunk loads, then the page; if the chunk fails or times out, 'Không tải được
 * trang.' with a 'Thử lại' button instead of a blank page.
 */
export function LazyRoute({ page }: { page: LazyPage }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    page.reload();
    setAttempt((n) => n + 1);
  };
  const Page = page.Component;
  return (
    <ChunkErrorBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
