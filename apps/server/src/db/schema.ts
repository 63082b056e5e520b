import type { Generated, Insertable, Selectable } from 'kysely';

/** Booleans are stored as 0/1 integers so one set of queries works on SQLite and PostgreSQL alike. */
export type Flag = 0 | 1;

export interface UsersTable {
  uid: string;
  issuer: string;
  subject: string;
  email: string;
  display_name: string;
  photo_url: string | null;
  created_at: number;
}

/** Accounts of the embedded identity provider (only used when no OIDC_ISSUER is configured). */
export interface LocalAccountsTable {
  id: string;
  email: string;
  display_name: string;
  password_hash: string;
  created_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a leaked table does not leak sessions. */
  id_hash: string;
  user_uid: string;
  created_at: number;
  expires_at: number;
}

/** oidc-provider's storage (interactions, codes, grants, sessions of the embedded IdP). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: number | null;
}

export interface RoomsTable {
  id: string;
  host_uid: string;
  name: string;
  current_id: string;
  current_index: number;
  playing: Flag;
  current_time: number;
  playback_rate: number;
  updated_at: number;
  version: number;
  created_at: number;
  /** JSON array of the co-hosts' uids (R55). */
  cohosts: string;
  /** RoomSettings.addPolicy: 'everyone' | 'signedIn' | 'controllers'. */
  add_policy: string;
  guest_chat: Flag;
  per_person_cap: number;
  /** LoopMode (R63): 'off' | 'one' | 'all'. */
  loop_mode: string;
  /** RoomSettings.skipVoting (R64). */
  skip_voting: Flag;
  /** JSON array of the person keys that voted to skip the current item (R65). */
  skip_votes: string;
  /** JSON object: the hashed client address of each guest's skip vote, by person key (R101). */
  skip_vote_addresses: string;
  /** R122: the room's ready-gate bound in seconds (settings.readyGateSeconds). */
  ready_gate_seconds: number;
  /** R122: JSON array of the person keys a start still waits for (readyWait). */
  ready_wait: string;
  /** R126: the room's screen share as JSON (ScreenShare); null when nobody shares. */
  screen_share: string | null;
  /** R127: RoomSettings.callPolicy: 'off' | 'signedIn' | 'everyone'. */
  call_policy: string;
  /** R127: JSON array of the tabs in the call (CallMember). */
  call_members: string;
}

export interface PlaylistItemsTable {
  room_id: string;
  video_id: string;
  position: number;
  title: string;
  thumbnail: string;
  visited: Flag;
  source: string;
  media_url: string | null;
  /** The person key of who added it (R56); null for items older than the per-person cap. */
  added_by: string | null;
  /** For a guest's item, the hashed client address it came from (R56); never sent to clients. */
  added_from: string | null;
  /** JSON array of the subtitle tracks attached to the item (R111), or null when none. */
  subtitles: Generated<string | null>;
  /** How far the controllers shifted the item's subtitles, in ms (R111). */
  subtitle_shift_ms: Generated<number>;
  /** JSON of the shared file when the item is one from someone's device (R117), or null. */
  own_file: Generated<string | null>;
}

/** A subtitle file's cues, as the WebVTT the server wrote from it (R110, R111). */
export interface SubtitleFilesTable {
  id: string;
  room_id: string;
  vtt: string;
  cues: number;
  created_at: number;
}

/** Who may not join a room until `expires_at` (R58): a person key (`u:…`, `g:…`). */
export interface RoomKicksTable {
  room_id: string;
  subject: string;
  expires_at: number;
}

/**
 * The client addresses a kick also keeps out (R104): where the kicked person was in the room from when kicked.
 * One row per kick and address, so lifting a kick early (R107) lifts its own holds and no other kick's.
 */
export interface RoomKickAddressesTable {
  room_id: string;
  /** The person key of the kick this hold belongs to. */
  person: string;
  /** The hashed client address (viewer-identity.ts), never the address itself. */
  address: string;
  /** The kick's expiry: the hold keeps out guests and accounts first seen after its 10 minutes began. */
  expires_at: number;
}

/** Users banned from a room until the host unbans them (R59). */
export interface RoomBansTable {
  room_id: string;
  uid: string;
  created_at: number;
}

/**
 * The client addresses a ban also keeps out for a while (R59): where the banned user was in the room from when
 * banned. Until `expires_at` they keep out guests and accounts first seen after `created_at` (R104).
 */
export interface RoomBanAddressesTable {
  room_id: string;
  uid: string;
  /** The hashed client address (viewer-identity.ts), never the address itself. */
  address: string;
  created_at: number;
  expires_at: number;
}

/** A chat message (R54); the sender's fields are who they were when they wrote. */
export interface ChatMessagesTable {
  room_id: string;
  /** Per room, in commit order; unique with room_id. */
  seq: number;
  /** Person.key: `u:<uid>` or `g:<guest id>`. */
  sender_key: string;
  sender_uid: string | null;
  sender_name: string | null;
  sender_guest_tag: string | null;
  sender_photo_url: string | null;
  /** Empty once deleted. */
  text: string;
  created_at: number;
  deleted: Flag;
}

export interface EventsTable {
  id: string;
  name: string;
  properties: string;
  user_uid: string | null;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  local_accounts: LocalAccountsTable;
  sessions: SessionsTable;
  oidc_payloads: OidcPayloadsTable;
  rooms: RoomsTable;
  playlist_items: PlaylistItemsTable;
  room_kicks: RoomKicksTable;
  room_kick_addresses: RoomKickAddressesTable;
  room_bans: RoomBansTable;
  room_ban_addresses: RoomBanAddressesTable;
  events: EventsTable;
  chat_messages: ChatMessagesTable;
  subtitle_files: SubtitleFilesTable;
}

export type UserRow = Selectable<UsersTable>;
export type RoomRow = Selectable<RoomsTable>;
export type PlaylistItemRow = Selectable<PlaylistItemsTable>;
export type NewRoomRow = Insertable<RoomsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
