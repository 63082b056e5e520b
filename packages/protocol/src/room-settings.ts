// The choices a host has for a room (R56, R63); the settings themselves are schemas/room.ts's roomSettingsSchema.

/** Who may add videos to a room's playlist. */
export const ADD_POLICIES = ['everyone', 'signedIn', 'controllers'] as const;
export type AddPolicy = (typeof ADD_POLICIES)[number];

/** Who may join the room's voice and camera call (R127): nobody, signed-in viewers, or everyone. */
export const CALL_POLICIES = ['off', 'signedIn', 'everyone'] as const;
export type CallPolicy = (typeof CALL_POLICIES)[number];

/** How many tabs a room's call holds at most (R127): a mesh, each tab sending to every other (ADR 043). */
export const CALL_MEMBERS_MAX = 6;
/**
 * …and through the SFU (R129), where each tab sends once whoever listens, and receives each other tab's voice and
 * camera: bounded by what one phone decodes, not by its uplink (ADR 044's addendum).
 */
export const CALL_MEMBERS_MAX_SFU = 12;

/** How many tabs a room's call holds on a server with an SFU (`sfu`) or without. */
export const callMembersMax = (sfu: boolean): number => (sfu ? CALL_MEMBERS_MAX_SFU : CALL_MEMBERS_MAX);

/** The `itemId` of the call's signalling (R127): R113's `p2p:signal` between two tabs of the call. */
export const CALL_SIGNAL_TOPIC = 'call';

/** How a screen share's id begins (R126): its signalling is R113's, with the share's id as `itemId`. */
export const SHARE_ID_PREFIX = 'sh-';

/** What happens when the current item ends (R63): stop at the end, play it again, or start the playlist over. */
export const LOOP_MODES = ['off', 'one', 'all'] as const;
export type LoopMode = (typeof LOOP_MODES)[number];
