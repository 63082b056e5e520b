import { ackFailure, type ErrorCode, SYNC_REPORT_GAP_MS, type SyncReport } from '@xemchung/protocol';
import type { Handlers } from '../commands/handler.ts';

export interface PresenceHandlerDeps {
  /** The server clock (epoch ms). */
  now: () => number;
  /** Who is in the room and how each is in step (realtime/presence.ts); reports are refused without it. */
  presence?: { report(connectionId: string, report: SyncReport, watching: boolean): ErrorCode | null };
}

const REPORT_REFUSALS: Partial<Record<ErrorCode, string>> = {
  rate_limited: `One report every ${SYNC_REPORT_GAP_MS} ms`,
  not_joined: 'Join the room first',
};

/**
 * The commands that keep a viewer in step, answered at once without a promise (they are most of what a node
 * receives): the clock ping a client estimates the server clock from (R20), and its sync report (R53).
 */
export function createPresenceHandlers(deps: PresenceHandlerDeps): Handlers<'clock:ping' | 'presence:report'> {
  return {
    'clock:ping': (_connection, _command, reply) => {
      reply({ ok: true, serverTime: deps.now() });
      return undefined;
    },
    /** R53: only ever about the sender's own connection; nothing in the payload names anyone. Answered at once. */
    'presence:report': (connection, { state, errorMs, rttMs, watching }, reply) => {
      const refusal = deps.presence
        ? deps.presence.report(connection.id, { state, errorMs, rttMs }, watching ?? false)
        : 'unavailable';
      reply(
        refusal === null ? { ok: true } : ackFailure(refusal, REPORT_REFUSALS[refusal] ?? 'Reports are not taken here'),
      );
      return undefined;
    },
  };
}
