// The pure door, `@xemchung/protocol`: the rules, limits and maths both ends share, free of zod so any bundle may
// import them (no I/O, no globals). The messages' types come from the schema door as types alone: an import of
// a schema through this door is a type error, and none of it reaches a bundle
// (docs/decisions/033-protocol-entry-points.md).
export * from './acks.ts';
export * from './canonical-url.ts';
export * from './chat-text.ts';
export * from './client-config.ts';
export * from './clock.ts';
export * from './embed-links.ts';
export * from './error-reporting.ts';
export * from './errors.ts';
export * from './guest-tag.ts';
export * from './limits.ts';
export * from './links.ts';
export * from './moderation.ts';
export * from './name-rule.ts';
export * from './own-files.ts';
export * from './people.ts';
export * from './position.ts';
export * from './protocol-version.ts';
export * from './ready-gate.ts';
export * from './roles.ts';
export * from './room.ts';
export * from './room-delta.ts';
export * from './room-name.ts';
export * from './room-settings.ts';
export type * from './schemas.ts';
export * from './search.ts';
export * from './search-keyword.ts';
export * from './subtitle-cues.ts';
export * from './subtitle-encoding.ts';
export * from './subtitle-tracks.ts';
export * from './sync.ts';
export * from './sync-badge.ts';
export * from './sync-report.ts';
export * from './visible-text.ts';
export * from './vote-skip.ts';
