/** Why a viewer was put out of a room: a kick (back after KICK_DURATION_MS) or a ban (until unbanned). */
export const REMOVAL_REASONS = ['kicked', 'banned'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];
