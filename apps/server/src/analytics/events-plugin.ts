import { ANALYTICS_BODY_MAX, type AnalyticsEvent } from '@xemchung/protocol';
import { analyticsEventSchema } from '@xemchung/protocol/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { currentUser, type SessionStore, type SessionUser } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { sendError } from '../http/errors.ts';
import { enableRouteRateLimits, type RouteRateLimit } from '../http/rate-limit.ts';
import { EventStore } from './event-store.ts';
import { forwardToPostHog, type PostHogSettings } from './posthog.ts';

export interface EventsPluginOptions {
  db: Db;
  sessions: SessionStore;
  posthog: PostHogSettings | undefined;
}

const EVENTS_LIMIT: RouteRateLimit = { max: 60, timeWindow: 60_000 };

/** What is stored: the client's fields, except that the email is the session's (docs/product.md#services: email or null). */
function storedProperties(event: AnalyticsEvent, user: SessionUser | null): Record<string, unknown> {
  return { keyword: event.properties.keyword, email: user?.email ?? null };
}

/**
 * `POST /api/events`: first-party product analytics ('Search videos', docs/product.md#services). Takes JSON
 * only (R36), up to 4 KB; stores the event with the signed-in user's uid, answers 204, then forwards it to
 * PostHog when a key is configured.
 */
export const eventsPlugin: FastifyPluginAsync<EventsPluginOptions> = async (app, options) => {
  await enableRouteRateLimits(app);
  const store = new EventStore(options.db);

  app.post(
    '/api/events',
    { bodyLimit: ANALYTICS_BODY_MAX, config: { rateLimit: EVENTS_LIMIT } },
    async (request, reply) => {
      const parsed = analyticsEventSchema.safeParse(request.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return sendError(
          reply,
          400,
          'invalid_event',
          issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid event',
        );
      }
      const user = await currentUser(options.sessions, request);
      const event = await store.record(parsed.data.name, storedProperties(parsed.data, user), user?.uid ?? null);
      if (options.posthog) forwardToPostHog(options.posthog, event, request.log);
      return reply.code(204).send();
    },
  );
};
