// The schema door, `@xemchung/protocol/schemas`: the zod schema of every message and HTTP body, for the server to
// check what it is sent before anything else sees it (and for tests and bots that check what they are answered).
// Each type is inferred from its schema here; the pure door (index.ts) re-exports the types alone, so the web
// never loads zod (docs/decisions/033-protocol-entry-points.md).
export * from './schemas/chat.ts';
export * from './schemas/commands.ts';
export * from './schemas/errors.ts';
export * from './schemas/events.ts';
export * from './schemas/moderation.ts';
export * from './schemas/p2p.ts';
export * from './schemas/people.ts';
export * from './schemas/presence.ts';
export * from './schemas/room.ts';
export * from './schemas/search.ts';
export * from './schemas/sfu.ts';
export * from './schemas/user.ts';
