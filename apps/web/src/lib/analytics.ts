import type { AnalyticsEvent } from '@xemchung/protocol';

/**
 * Records a product event (docs/product.md#services) through `POST /api/events`, as JSON: the server takes no
 * other body from a page (docs/room-rules.md R36), and navigator.sendBeacon can only send JSON as a Blob, which
 * older browsers refuse. A `keepalive` fetch is never awaited, so it does not delay the page, and it survives
 * navigation as a beacon does. Analytics never breaks the product: a failed request records nothing.
 */
export function track(event: AnalyticsEvent): void {
  try {
    void fetch('/api/events', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    }).catch(() => {});
  } catch {
    // Nothing to do: losing one event is acceptable.
  }
}
