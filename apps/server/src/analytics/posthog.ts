import type { FastifyBaseLogger } from 'fastify';
import type { RecordedEvent } from './event-store.ts';

export interface PostHogSettings {
  key: string;
  host: string;
}

const FORWARD_TIMEOUT_MS = 3000;

/**
 * Sends a stored event to PostHog's capture endpoint (`POST {host}/i/v0/e/`). Fire and forget: the client's
 * request never waits for it and a failure is only logged. Signed-out events get a per-event distinct id
 * and `$process_person_profile: false`, so PostHog builds no profile for anonymous visitors.
 */
export function forwardToPostHog(settings: PostHogSettings, event: RecordedEvent, log: FastifyBaseLogger): void {
  const body = {
    api_key: settings.key,
    event: event.name,
    distinct_id: event.userUid ?? `anon-${event.id}`,
    properties: {
      ...event.properties,
      $insert_id: event.id,
      ...(event.userUid ? {} : { $process_person_profile: false }),
    },
    timestamp: new Date(event.createdAt).toISOString(),
  };
  fetch(`${settings.host}/i/v0/e/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    redirect: 'error',
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  })
    .then(async (response) => {
      await response.body?.cancel();
      if (!response.ok) log.warn({ status: response.status, eventId: event.id }, 'PostHog refused an event');
    })
    .catch((error: unknown) => {
      log.warn({ err: error, eventId: event.id }, 'PostHog forward failed');
    });
}
