import type { AnalyticsEvent } from '@xemchung/protocol';

/**
 * Records a product event (docs/product.md#services) through `POST /api/events` with navigator.sendBeacon, which never delays
 * the page and survives navigation. The string body goes as text/plain, which the server reads as JSON.
 * Analytics never breaks the product: a browser without sendBeacon, or a refused beacon, records nothing.
 */
export function track(event: AnalyticsEvent): void {
  try {
    navigator.sendBeacon?.('/api/events', JSON.stringify(event));
  } catch {
    // Nothing to do: losing one event is acceptable.
  }
}
