import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadTimeoutError,
  LazyRoute,
  lazyWithTimeout,
  withTimeout,
} from './lazyWithTimeout.tsx';

const pageModule = { default: () => <h1>Trang đã tải</h1> };

/** A chunk whose download the test finishes by hand. */
function deferredChunk() {
  let resolve: (module: typeof pageModule) => void = () => {};
  const promise = new Promise<typeof pageModule>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('withTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 120000 ms by default (docs/product.md#limits)', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with ChunkLoadTimeoutError once the time-out passes, not a millisecond before', async () => {
    let outcome: unknown = 'pending';
    withTimeout(() => new Promise(() => {})).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('passes a load through that settles in time, and leaves no timer behind', async () => {
    await expect(withTimeout(async () => 'ok')).resolves.toBe('ok');
    await expect(withTimeout(() => Promise.reject(new Error('404')))).rejects.toThrow('404');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('lazyWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a spinner while loading, then the page', async () => {
    const chunk = deferredChunk();
    const page = lazyWithTimeout(() => chunk.promise);
    render(<LazyRoute page={page} />);
    expect(screen.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
    await act(async () => chunk.resolve(pageModule));
    expect(screen.getByRole('heading', { name: 'Trang đã tải' })).toBeInTheDocument();
  });

  it("offers 'Thử lại' after the time-out, and the retry loads the page", async () => {
    const first = deferredChunk();
    const load = vi.fn(() => first.promise);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<LazyRoute page={lazyWithTimeout(load)} />);
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    expect(screen.getByRole('alert')).toHaveTextContent('Không tải được trang.');

    load.mockImplementation(async () => pageModule);
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('heading', { name: 'Trang đã tải' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('offers the retry at once when the chunk fails to download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = lazyWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(<LazyRoute page={page} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Thử lại' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});
