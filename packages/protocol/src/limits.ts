/** Business limits shared by server validation and client forms (docs/product.md#limits). */
export const ROOM_NAME_MAX = 80;
export const PLAYLIST_MAX = 500;
export const TITLE_MAX = 200;
export const VIDEO_ID_MAX = 64;
export const URL_MAX = 2048;
/** The slowest and fastest playback rates a room may play at (the players' own range). */
export const PLAYBACK_RATE_MIN = 0.25;
export const PLAYBACK_RATE_MAX = 2;
/** Longest position we accept, in seconds (about 115 days: enough for long live streams). */
export const POSITION_MAX = 10_000_000;
/** Co-hosts one room may have at once. */
export const COHOSTS_MAX = 20;
/** Highest per-person cap on waiting videos the host may set (the playlist's own limit). */
export const PER_PERSON_CAP_MAX = PLAYLIST_MAX;
/** Rooms one account may have (R103): the home page opens a host's first room, so a handful is all anyone uses. */
export const ROOMS_PER_ACCOUNT_MAX = 20;
/** How long a ban also keeps out the address the banned person was in the room from (R59): a day. */
export const BAN_ADDRESS_DURATION_MS = 24 * 60 * 60 * 1000;
/** How long a kicked viewer stays out of the room (R58). */
export const KICK_DURATION_MS = 10 * 60 * 1000;
/** Most bans `moderation:bans` lists, newest first (R59). */
export const BANS_LIST_MAX = 500;
/** Most kicks `moderation:kicks` lists, newest first (R107). */
export const KICKS_LIST_MAX = 500;
/** Most skip votes a room holds at once (R65): one per person present, so far more than any room's viewers. */
export const SKIP_VOTES_MAX = 10_000;
/** Longest SDP offer or answer `p2p:signal` carries (R113): a data-channel-only SDP is 1–2 KB. */
export const P2P_SDP_MAX = 16_384;
/**
 * Longest session description the SFU commands carry (R129): a browser's offer of a picture and its sound with every
 * codec it knows and its candidates inline is 6–10 KB.
 */
export const SFU_SDP_MAX = 32_768;
/** Longest ICE candidate line `p2p:signal` carries (R113): a real one is under 200 characters. */
export const P2P_CANDIDATE_MAX = 1024;
