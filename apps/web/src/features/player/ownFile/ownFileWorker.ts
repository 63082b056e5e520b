import type { OwnFileSwarms } from './ownFileSwarms.ts';

/** Where the player points for a shared file it does not hold (R119); own-file-sw.js answers there. */
export const ownFileUrl = (itemId: string) => `/own-file/${encodeURIComponent(itemId)}`;

interface RangeQuestion {
  type: 'own-file:range';
  itemId: string;
  start: number;
  end: number | null;
}

let ready: Promise<boolean> | null = null;

/**
 * Registers the service worker of shared files (public/own-file-sw.js) and resolves once it controls this page,
 * or false where there is none to have (no service workers, or not a secure context).
 */
export function ownFileWorkerReady(): Promise<boolean> {
  ready ??= (async () => {
    if (!('serviceWorker' in navigator)) return false;
    try {
      await navigator.serviceWorker.register('/own-file-sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
      if (navigator.serviceWorker.controller) return true;
      // A first registration takes the page over through clients.claim(): wait for it to happen.
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
      return true;
    } catch {
      return false;
    }
  })();
  return ready;
}

/**
 * Answers the service worker's questions for byte ranges of shared files from the swarms of this page's room:
 * a stream of the bytes, or why there is none. Returns how to stop.
 */
export function answerOwnFileRanges(swarms: OwnFileSwarms, mimeOf: (itemId: string) => string | null): () => void {
  if (!('serviceWorker' in navigator)) return () => {};
  const onMessage = (event: MessageEvent) => {
    const question = event.data as RangeQuestion | undefined;
    const port = event.ports[0];
    if (question?.type !== 'own-file:range' || !port) return;
    const swarm = swarms.get(question.itemId);
    const mime = mimeOf(question.itemId);
    if (!swarm || mime === null) return port.postMessage({ ok: false, status: 404, message: 'Not shared here' });
    const end = Math.min(question.end ?? swarm.size, swarm.size);
    if (question.start >= end) return port.postMessage({ ok: false, status: 416, message: 'Range not satisfiable' });
    const body = swarm.stream(question.start, end);
    port.postMessage({ ok: true, start: question.start, end, size: swarm.size, mime, body }, [body]);
  };
  navigator.serviceWorker.addEventListener('message', onMessage);
  // Messages from the worker wait in a queue until the page says it listens.
  navigator.serviceWorker.startMessages();
  return () => navigator.serviceWorker.removeEventListener('message', onMessage);
}
