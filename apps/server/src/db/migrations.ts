import { type Kysely, sql } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';

/**
 * The one set of migrations for SQLite and PostgreSQL. Types are chosen to mean the same on both:
 * bigint for epoch milliseconds, integer 0/1 for flags, double precision for seconds.
 */
const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('uid', 'text', (c) => c.primaryKey())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('photo_url', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('users_issuer_subject', ['issuer', 'subject'])
        .execute();
      await db.schema
        .createTable('local_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('oidc_payloads')
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('user_code', 'text')
        .addColumn('uid', 'text')
        .addColumn('expires_at', 'bigint')
        .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oidc_payloads_grant').on('oidc_payloads').column('grant_id').execute();
      await db.schema.createIndex('oidc_payloads_uid').on('oidc_payloads').column('uid').execute();
      await db.schema
        .createTable('rooms')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('host_uid', 'text', (c) => c.notNull().references('users.uid'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('current_id', 'text', (c) => c.notNull())
        .addColumn('current_index', 'integer', (c) => c.notNull())
        .addColumn('playing', 'integer', (c) => c.notNull())
        .addColumn('current_time', 'double precision', (c) => c.notNull())
        .addColumn('playback_rate', 'double precision', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rooms_host').on('rooms').columns(['host_uid', 'created_at']).execute();
      await db.schema
        .createTable('playlist_items')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('video_id', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('thumbnail', 'text', (c) => c.notNull())
        .addColumn('visited', 'integer', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('media_url', 'text')
        .addPrimaryKeyConstraint('playlist_items_pk', ['room_id', 'video_id'])
        .execute();
      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('properties', 'text', (c) => c.notNull())
        .addColumn('user_uid', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  // What retention/cleanup.ts deletes by: each batch finds its rows through an index, not a scan of the table.
  '0002_expiry_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
      await db.schema.createIndex('oidc_payloads_expires_at').on('oidc_payloads').column('expires_at').execute();
      await db.schema.createIndex('events_created_at').on('events').column('created_at').execute();
    },
  },
  // The social room (docs/room-rules.md R50–R59): who shares control and the host's settings live in the room row,
  // so a room is still read, and committed, as one row plus its playlist.
  '0003_social_room': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('cohosts', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('add_policy', 'text', (c) => c.notNull().defaultTo('everyone'))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('guest_chat', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('per_person_cap', 'integer', (c) => c.notNull().defaultTo(10))
        .execute();
    },
  },
  // Chat (docs/room-rules.md R54, docs/decisions/014-chat.md): one row per message, numbered per room. The key
  // (room_id, seq) is the index history pages read by, and it makes two nodes that pick the same seq collide.
  '0004_chat': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_messages')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('sender_key', 'text', (c) => c.notNull())
        .addColumn('sender_uid', 'text')
        .addColumn('sender_name', 'text')
        .addColumn('sender_guest_tag', 'text')
        .addColumn('sender_photo_url', 'text')
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('chat_messages_pk', ['room_id', 'seq'])
        .execute();
    },
  },
  // Moderation (R56–R59). Who added each playlist item, so the per-person cap counts a viewer's waiting videos;
  // kicks (with an expiry) and bans, checked on every join.
  '0005_moderation': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('playlist_items').addColumn('added_by', 'text').execute();
      await db.schema.alterTable('playlist_items').addColumn('added_from', 'text').execute();
      await db.schema
        .createTable('room_kicks')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_kicks_pk', ['room_id', 'subject'])
        .execute();
      await db.schema.createIndex('room_kicks_expires_at').on('room_kicks').column('expires_at').execute();
      await db.schema
        .createTable('room_bans')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('uid', 'text', (c) => c.notNull().references('users.uid').onDelete('cascade'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_bans_pk', ['room_id', 'uid'])
        .execute();
    },
  },
  // Playlist power (R63): what autoplay does at the end of an item, in the room row like the settings.
  '0006_loop_mode': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('loop_mode', 'text', (c) => c.notNull().defaultTo('off'))
        .execute();
    },
  },
  // Vote to skip (R64, R65): the host's setting, and the votes for the current item, in the room row so every vote
  // goes through the room's version-checked commit (docs/decisions/023-vote-to-skip.md).
  vote_0007_skip_votes: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('skip_voting', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('skip_votes', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  },
  // R101: where each guest's skip vote came from, so the guests of one address vote once. Named after
  // vote_0007 so that Kysely, which runs migrations in the order of their names, runs it after that one.
  vote_0008_voter_addresses: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('skip_vote_addresses', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  },
  // R104: a ban also keeps out, for a day, the addresses the banned user was in the room from. Named to sort
  // after vote_0008, as Kysely runs migrations in the order of their names.
  vote_0009_ban_addresses: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('room_ban_addresses')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('uid', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_ban_addresses_pk', ['room_id', 'uid', 'address'])
        .execute();
      await db.schema
        .createIndex('room_ban_addresses_expires_at')
        .on('room_ban_addresses')
        .column('expires_at')
        .execute();
    },
  },
  // Subtitles (R111): each file's cues as the WebVTT we wrote (subtitle_files), and on each playlist item the tracks
  // attached to it (a JSON array) and the timing shift the controllers set. A file no item names is deleted after an
  // hour (retention/cleanup.ts). Named to sort after vote_0009, as Kysely runs migrations in the order of their names.
  vote_0010_subtitles: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('subtitle_files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('vtt', 'text', (c) => c.notNull())
        .addColumn('cues', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('subtitle_files_created_at').on('subtitle_files').column('created_at').execute();
      await db.schema.alterTable('playlist_items').addColumn('subtitles', 'text').execute();
      await db.schema
        .alterTable('playlist_items')
        .addColumn('subtitle_shift_ms', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  // R107: a kick's hold on an address belongs to that kick, so lifting the kick early lifts its own holds and not
  // another kick's on the same address. They were room_kicks rows `a:<address>`, one per address whoever's kick made
  // it; those move here as holds of their own (no person to lift them by; they run out within 10 minutes). Named to
  // sort after vote_0010, as Kysely runs migrations in the order of their names.
  vote_0011_kick_addresses: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('room_kick_addresses')
        .addColumn('room_id', 'text', (c) => c.notNull().references('rooms.id').onDelete('cascade'))
        .addColumn('person', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('room_kick_addresses_pk', ['room_id', 'person', 'address'])
        .execute();
      await db.schema
        .createIndex('room_kick_addresses_expires_at')
        .on('room_kick_addresses')
        .column('expires_at')
        .execute();
      await sql`insert into room_kick_addresses (room_id, person, address, expires_at)
        select room_id, subject, substr(subject, 3), expires_at from room_kicks where subject like 'a:%'`.execute(db);
      await sql`delete from room_kicks where subject like 'a:%'`.execute(db);
    },
  },
  // Own files (R117): a playlist item shared from someone's device carries the file as its sharer's browser read
  // it (name, size, duration, type, digest, sharer) as JSON; null for every other item. Named to sort after
  // vote_0011.
  vote_0012_own_files: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('playlist_items').addColumn('own_file', 'text').execute();
    },
  },
  // The ready gate (R122): the host's bound (3 s in every room, new or old, until the host changes it: a literal, as
  // a migration must not move with READY_GATE_DEFAULT_SECONDS) and the people a start still waits for. Named to
  // sort after vote_0012.
  vote_0013_ready_gate: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('ready_gate_seconds', 'integer', (c) => c.notNull().defaultTo(3))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('ready_wait', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  },
  // The screen share (R126): the room's share as JSON (ScreenShare), null when nobody shares. Named to sort after
  // vote_0013.
  vote_0014_screen_share: {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('rooms').addColumn('screen_share', 'text').execute();
    },
  },
  // The call (R127): who may join it ('signedIn' in every room until the host changes it: a literal, as a
  // migration must not move with the default) and the tabs in it, as JSON. Named to sort after vote_0014.
  vote_0015_call: {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('rooms')
        .addColumn('call_policy', 'text', (c) => c.notNull().defaultTo('signedIn'))
        .execute();
      await db.schema
        .alterTable('rooms')
        .addColumn('call_members', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
