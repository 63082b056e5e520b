import type { CommandType } from '@xemchung/protocol';
import { COMMAND_TYPES, isCommandType, isRoomCommand, parseCommand } from '@xemchung/protocol/schemas';
import fc from 'fast-check';

/** One Socket.IO event as a client could emit it: a name and its arguments (the ack callback comes on top). */
export interface FuzzMessage {
  event: string | number;
  args: unknown[];
}

/** Names socket.io-client refuses to emit; the raw-frame fuzz sends them on the wire instead. */
const CLIENT_RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'newListener',
  'removeListener',
]);

/** A valid payload of every command, the starting point of structure-aware mutations. */
const VALID: Record<CommandType, Record<string, unknown>> = {
  'room:join': { roomId: 'AAAAAAAAAAAAAAAA' },
  'room:leave': {},
  'clock:ping': {},
  'presence:report': { state: 'playing', errorMs: 12, rttMs: 40 },
  'playlist:add': { video: { id: 'dQw4w9WgXcQ', title: 'x', thumbnail: '', source: 'youtube', mediaUrl: null } },
  'playlist:addList': { listId: 'PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI' },
  'playlist:addFile': {
    file: { name: 'Phim.mp4', size: 1000, duration: 61.5, mime: 'video/mp4', digest: 'ab'.repeat(32) },
  },
  'playlist:select': { id: 'dQw4w9WgXcQ' },
  'playlist:remove': { id: 'dQw4w9WgXcQ' },
  'playlist:clearWatched': {},
  'playlist:move': { id: 'dQw4w9WgXcQ', toIndex: 0, version: 3 },
  'playlist:playNext': { id: 'dQw4w9WgXcQ' },
  'playlist:shuffle': {},
  'room:loop': { mode: 'all' },
  'vote:skip': { id: 'dQw4w9WgXcQ', skip: true },
  'playback:update': { id: 'dQw4w9WgXcQ', playing: true, position: 1, rate: 1 },
  'playback:ended': { id: 'dQw4w9WgXcQ' },
  'playback:ready': { id: 'dQw4w9WgXcQ', startsAt: 1764300000000 },
  'playback:start': { id: 'dQw4w9WgXcQ' },
  'chat:send': { text: 'Xin chào' },
  'chat:delete': { seq: 1 },
  'chat:history': { before: 2 },
  'playlist:clear': {},
  'cohost:grant': { uid: 'someone' },
  'cohost:revoke': { uid: 'someone' },
  'room:settings': { settings: { guestChat: true, perPersonCap: 3 } },
  'subtitle:add': { id: 'm_AAAAAAAAAAAAAAAAAAAAAA', fileId: 'AAAAAAAAAAAAAAAAAAAAAA', label: 'Tiếng Việt' },
  'subtitle:remove': { id: 'm_AAAAAAAAAAAAAAAAAAAAAA', fileId: 'AAAAAAAAAAAAAAAAAAAAAA' },
  'subtitle:shift': { id: 'm_AAAAAAAAAAAAAAAAAAAAAA', shiftMs: -300 },
  'share:start': {},
  'share:stop': { id: 'sh-00000000-0000-4000-8000-000000000000' },
  'call:join': { audio: true, video: false },
  'call:leave': {},
  'call:update': { video: true },
  'call:mute': { peer: 'AAAAAAAAAAAAAAAAAAAA' },
  'moderation:kick': { key: 'g:AAAAAAAAAA' },
  'moderation:ban': { uid: 'nobody' },
  'moderation:unban': { uid: 'nobody' },
  'moderation:bans': {},
  'moderation:kicks': {},
  'moderation:unkick': { key: 'g:AAAAAAAAAA' },
  'p2p:announce': { itemId: 'm_AAAAAAAAAAAAAAAAAAAAAA', has: true },
  'p2p:signal': {
    to: 'AAAAAAAAAAAAAAAAAAAA',
    itemId: 'm_AAAAAAAAAAAAAAAAAAAAAA',
    candidate: { candidate: 'candidate:1 1 udp 2122260223 192.168.1.20 54321 typ host', sdpMid: '0', sdpMLineIndex: 0 },
  },
  'sfu:publish': { id: 'sh-00000000-0000-4000-8000-000000000000', sdp: 'v=0\r\n' },
  'sfu:subscribe': { id: 'sh-00000000-0000-4000-8000-000000000000' },
  'sfu:answer': { id: 'sh-00000000-0000-4000-8000-000000000000', sdp: 'v=0\r\n' },
};

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

/** Values that tend to break validators: edge numbers, odd strings, nesting, and anything JSON can carry. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, '', ' ', -1, -0, 0.1, 1e308, -1e308, 2 ** 53 + 2, true, [], {}),
  fc.constantFrom('javascript:alert(1)', 'http://', 'https://a.example/x.mp4', '\u0000', '\uD800', '../../etc/passwd'),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ minLength: 195, maxLength: 210 }),
  fc.integer({ min: 1, max: 2000 }).map((depth) => nested(depth)),
);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Every path into a payload (objects only), so a mutation can hit any field at any depth. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

type Mutation =
  | { kind: 'replace' | 'delete'; path: string[]; value: unknown }
  | { kind: 'extra'; key: string; value: unknown };

function mutate(base: Record<string, unknown>, mutation: Mutation): unknown {
  const copy = structuredClone(base);
  if (mutation.kind === 'extra') {
    // JSON.parse makes "__proto__" an own key, exactly as the server's decoder would.
    return { ...copy, ...JSON.parse(`{${JSON.stringify(mutation.key)}: ${JSON.stringify(mutation.value) ?? 'null'}}`) };
  }
  if (mutation.path.length === 0) return mutation.value;
  const parent = mutation.path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => node[key] as never, copy);
  const leaf = mutation.path.at(-1) as string;
  if (mutation.kind === 'delete') delete parent[leaf];
  else parent[leaf] = mutation.value;
  return copy;
}

/** A valid payload of `type` with one field replaced, removed, or one key added. */
function mutatedPayload(type: CommandType): fc.Arbitrary<unknown> {
  const base = VALID[type];
  const paths = [[], ...pathsOf(base)];
  return fc
    .oneof(
      fc.record({
        kind: fc.constantFrom('replace' as const, 'delete' as const),
        path: fc.constantFrom(...paths),
        value: hostileValue,
      }),
      fc.record({
        kind: fc.constant('extra' as const),
        key: fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string()),
        value: hostileValue,
      }),
    )
    .map((mutation) => mutate(base, mutation));
}

const eventName: fc.Arbitrary<string | number> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...COMMAND_TYPES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }).filter((name) => !CLIENT_RESERVED.has(name)) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, 'room:delete', 'playlist:reorder', 'x'.repeat(5000)) },
  { weight: 1, arbitrary: fc.integer() },
);

function payloadFor(event: string | number): fc.Arbitrary<unknown> {
  const typed = typeof event === 'string' && isCommandType(event);
  return fc.oneof(
    { weight: typed ? 4 : 0, arbitrary: typed ? mutatedPayload(event) : fc.constant(null) },
    { weight: 2, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)) },
  );
}

/** Whether the server would accept the message as a room command: that is a legitimate change, not fuzz. */
export function changesRoom(message: FuzzMessage): boolean {
  if (typeof message.event !== 'string' || !isCommandType(message.event) || message.args.length > 1) return false;
  const parsed = parseCommand(message.event, message.args[0]);
  return parsed.success && isRoomCommand(parsed.data);
}

/** Random and malformed messages for every event name and unknown ones; never a valid room command. */
export const fuzzMessage: fc.Arbitrary<FuzzMessage> = eventName
  .chain((event) =>
    fc
      .oneof(
        { weight: 6, arbitrary: payloadFor(event).map((payload) => [payload]) },
        { weight: 1, arbitrary: fc.constant<unknown[]>([]) },
        { weight: 1, arbitrary: fc.array(payloadFor(event), { minLength: 2, maxLength: 3 }) },
      )
      .map((args) => ({ event, args })),
  )
  .filter((message) => !changesRoom(message));

/** Raw Engine.IO/Socket.IO text and binary frames, well-formed or not, for a connected socket. */
export const rawFrame: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ maxLength: 200 }).map((rest) => `4${rest}`),
  fc.string({ maxLength: 200 }).map((rest) => `42${rest}`),
  fc.jsonValue({ maxDepth: 3 }).map((value) => `42${JSON.stringify(value)}`),
  fc
    .tuple(fc.constantFrom(...COMMAND_TYPES), hostileValue, fc.nat())
    .map(([event, value, id]) => `42${id}${JSON.stringify([event, value])}`),
  // A binary event announcing attachments that never come, or that point nowhere.
  fc
    .tuple(fc.nat({ max: 20 }), fc.integer({ min: -5, max: 30 }))
    .map(([count, num]) => `45${count}-["playlist:add",{"_placeholder":true,"num":${num}}]`),
  fc.constantFrom(
    '2',
    '3',
    '1',
    '5',
    '6',
    '40',
    '41',
    '43[]',
    '44{}',
    '42["disconnect"]',
    '42["connect"]',
    '42["newListener",{}]',
    '42[{"toString":1}]',
    '42[["clock:ping"]]',
    '42[null]',
    `42${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    `42["clock:ping",${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]`,
  ),
  fc.uint8Array({ maxLength: 512 }),
);
