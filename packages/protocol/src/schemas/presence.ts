import { z } from 'zod';
import { SYNC_ERROR_MAX_MS, SYNC_RTT_MAX_MS, SYNC_STATES } from '../sync-report.ts';
import { personSchema } from './people.ts';

/**
 * One viewer's own account of its player, sent with `presence:report` when its badge changes or every
 * SYNC_KEEPALIVE_MS, never within SYNC_REPORT_GAP_MS of the last (docs/room-rules.md R53). Never stored; it changes
 * nothing but the sender's badge.
 */
export const syncReportSchema = z.object({
  state: z.enum(SYNC_STATES),
  /**
   * The player's position minus where the room's timeline says it should be, in ms (positive: ahead). Left out
   * when there is nothing to compare (the player failed, or has not loaded the media yet). Not nullable: JSON
   * carries NaN as null, and a NaN must be refused rather than read as "nothing to compare".
   */
  errorMs: z.number().min(-SYNC_ERROR_MAX_MS).max(SYNC_ERROR_MAX_MS).optional(),
  /** The round trip of the viewer's best clock sample (ms); left out before its first `clock:ping`. */
  rttMs: z.number().min(0).max(SYNC_RTT_MAX_MS).optional(),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

/**
 * `presence:report`: the report, and whether the sender has the list of viewers open (R52). Only then is it sent
 * the lists that changed by reports alone; everyone gets the lists that changed by people coming and going.
 */
export const presenceReportSchema = syncReportSchema.extend({ watching: z.boolean().optional() });

/**
 * Someone in the room now (R52): one entry per person however many tabs they have open, on whichever nodes.
 * `report` is the best of their listed tabs' latest reports (playing before buffering, paused, blocked, error and
 * idle; then the smaller error), or null before any of them has reported.
 */
export const viewerSchema = personSchema.extend({
  /** How many of this person's tabs are in the room. */
  tabs: z.number().int().min(1),
  report: syncReportSchema.nullable(),
});
export type Viewer = z.infer<typeof viewerSchema>;

/** `room:presence`: everyone in the room now, in no particular order (the client sorts). */
export const roomPresenceSchema = z.object({ roomId: z.string(), viewers: z.array(viewerSchema) });
export type RoomPresence = z.infer<typeof roomPresenceSchema>;
