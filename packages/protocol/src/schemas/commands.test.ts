import { describe, expect, it } from 'vitest';
import { POSITION_MAX, TITLE_MAX } from '../limits.ts';
import { mediaVideoId } from '../media-video-id.ts';
import { COMMAND_TYPES, isCommandType, isRoomCommand, parseCommand } from './commands.ts';
import { commandAckSchema } from './events.ts';

const youtube = { id: 'dQw4w9WgXcQ', title: 'Never', thumbnail: '', source: 'youtube', mediaUrl: null } as const;
const mediaUrl = 'https://cdn.example.com/clip.mp4';
const media = { id: mediaVideoId(mediaUrl), title: 'clip', thumbnail: '', source: 'media', mediaUrl } as const;

describe('parseCommand (R21)', () => {
  it('tags the payload with the event name and drops unknown fields such as a forged host (R1, R26)', () => {
    const parsed = parseCommand('playlist:select', { id: 'dQw4w9WgXcQ', host: 'me', isHost: true, version: 3 });
    expect(parsed.success && parsed.data).toEqual({ type: 'playlist:select', id: 'dQw4w9WgXcQ' });
  });

  it('treats a missing payload as empty', () => {
    expect(parseCommand('playlist:clearWatched', undefined).success).toBe(true);
    expect(parseCommand('clock:ping', undefined).success).toBe(true);
    expect(parseCommand('playlist:select', undefined).success).toBe(false);
  });

  it('refuses payloads that are not plain objects instead of spreading them', () => {
    for (const payload of ['id', 42, null, ['dQw4w9WgXcQ'], true]) {
      expect(parseCommand('playlist:clearWatched', payload).success).toBe(false);
    }
  });

  it('accepts YouTube and direct media videos', () => {
    expect(parseCommand('playlist:add', { video: youtube }).success).toBe(true);
    expect(parseCommand('playlist:add', { video: media }).success).toBe(true);
  });

  it.each([
    ['a YouTube id of the wrong length', { ...youtube, id: 'short' }],
    ['a YouTube id with a bad character', { ...youtube, id: 'dQw4w9WgXc!' }],
    ['a media id that is not the hash of its URL', { ...media, id: 'm_madeup' }],
    ['a YouTube video with a media URL', { ...youtube, mediaUrl }],
    ['a media video without a URL', { ...media, mediaUrl: null }],
    ['a javascript: media URL', { ...media, mediaUrl: 'javascript:alert(1)' }],
    ['a title over the limit', { ...youtube, title: 'x'.repeat(TITLE_MAX + 1) }],
    ['a thumbnail that is not a URL', { ...youtube, thumbnail: 'data:image/png;base64,AAAA' }],
    ['an unknown source', { ...youtube, source: 'twitch' }],
    ['a Vimeo item without its page URL', { ...youtube, source: 'vimeo' }],
    ['a numeric title', { ...youtube, title: 5 }],
  ])('refuses %s (R21)', (_label, video) => {
    expect(parseCommand('playlist:add', { video }).success).toBe(false);
  });

  it.each([
    ['a media link with no playable extension', 'https://cdn.example.com/page.html'],
    ['a YouTube link sent as media', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    ['a media link with credentials', 'https://user:pw@cdn.example.com/clip.mp4'],
    ['a media link with " in its host', 'https://a"b.example/clip.mp4'],
  ])('refuses %s, which does not parse as a supported link (R40)', (_label, url) => {
    expect(parseCommand('playlist:add', { video: { ...media, id: mediaVideoId(url), mediaUrl: url } }).success).toBe(
      false,
    );
  });

  it.each([
    ['an empty list id', ''],
    ['a one-character list id', 'P'],
    ['a list id with a slash', 'PL/123'],
    ['a list id over 64 characters', `PL${'x'.repeat(63)}`],
    ['a whole link instead of the id', 'https://www.youtube.com/playlist?list=PL123'],
    ['a number', 123],
  ])('refuses playlist:addList with %s (R21, R70)', (_label, listId) => {
    expect(parseCommand('playlist:addList', { listId }).success).toBe(false);
  });

  it('takes playlist:addList with a list id and nothing else (R70)', () => {
    const parsed = parseCommand('playlist:addList', { listId: 'PL123456', videos: [youtube] });
    expect(parsed.success && parsed.data).toEqual({ type: 'playlist:addList', listId: 'PL123456' });
  });

  it('passes on the canonical URL of a spelling sent with the canonical id, and refuses the id of the spelling (R21, R40)', () => {
    const spelling = 'HTTPS://CDN.example.com:443/./clip.mp4?#t=1';
    const parsed = parseCommand('playlist:add', { video: { ...media, mediaUrl: spelling } });
    expect(parsed.success && parsed.data.type === 'playlist:add' && parsed.data.video).toEqual(media);
    expect(
      parseCommand('playlist:add', { video: { ...media, id: mediaVideoId(spelling), mediaUrl: spelling } }).success,
    ).toBe(false);
  });

  it('encodes raw <, > and " in the media URL and the thumbnail (R40)', () => {
    const url = 'https://cdn.example.com/"><img src=x>.mp4';
    const encoded = 'https://cdn.example.com/%22%3E%3Cimg%20src=x%3E.mp4';
    const video = { ...media, id: mediaVideoId(encoded), mediaUrl: url, thumbnail: 'https://i.example/"<b>.jpg' };
    const parsed = parseCommand('playlist:add', { video });
    expect(parsed.success && parsed.data.type === 'playlist:add' && parsed.data.video).toMatchObject({
      mediaUrl: encoded,
      thumbnail: 'https://i.example/%22%3Cb%3E.jpg',
    });
  });

  it('does not let the client set visited', () => {
    const parsed = parseCommand('playlist:add', { video: { ...youtube, visited: true } });
    expect(parsed.success && parsed.data.type === 'playlist:add' && 'visited' in parsed.data.video).toBe(false);
  });

  it.each([
    ['a string position', { id: 'dQw4w9WgXcQ', playing: true, position: '10', rate: 1 }],
    ['a negative position', { id: 'dQw4w9WgXcQ', playing: true, position: -1, rate: 1 }],
    ['a position past the maximum', { id: 'dQw4w9WgXcQ', playing: true, position: POSITION_MAX + 1, rate: 1 }],
    ['a rate of 16', { id: 'dQw4w9WgXcQ', playing: true, position: 1, rate: 16 }],
    ['playing as a string', { id: 'dQw4w9WgXcQ', playing: 'yes', position: 1, rate: 1 }],
    ['a missing id', { playing: true, position: 1, rate: 1 }],
  ])('refuses playback:update with %s (R21)', (_label, payload) => {
    expect(parseCommand('playback:update', payload).success).toBe(false);
  });

  it.each([
    ['a missing startsAt', { id: 'dQw4w9WgXcQ' }],
    ['a string startsAt', { id: 'dQw4w9WgXcQ', startsAt: '1764300000000' }],
    ['a negative startsAt', { id: 'dQw4w9WgXcQ', startsAt: -1 }],
    ['a fractional startsAt', { id: 'dQw4w9WgXcQ', startsAt: 1.5 }],
    ['a malformed id', { id: '<b>', startsAt: 1 }],
  ])('refuses playback:ready with %s (R122)', (_label, payload) => {
    expect(parseCommand('playback:ready', payload).success).toBe(false);
  });
});

describe('command catalogue', () => {
  it('lists every event and tells room commands apart', () => {
    expect([...COMMAND_TYPES].sort()).toEqual(
      [
        'clock:ping',
        'playback:ended',
        'playback:ready',
        'playback:start',
        'playback:update',
        'playlist:add',
        'playlist:addList',
        'playlist:addFile',
        'playlist:clearWatched',
        'playlist:remove',
        'playlist:select',
        'presence:report',
        'room:join',
        'room:leave',
        'chat:send',
        'chat:delete',
        'chat:history',
        'playlist:clear',
        'cohost:grant',
        'cohost:revoke',
        'room:settings',
        'moderation:kick',
        'moderation:ban',
        'moderation:unban',
        'moderation:bans',
        'moderation:kicks',
        'moderation:unkick',
        'playlist:move',
        'playlist:playNext',
        'playlist:shuffle',
        'room:loop',
        'vote:skip',
        'subtitle:add',
        'subtitle:remove',
        'subtitle:shift',
        'p2p:announce',
        'p2p:signal',
        'share:start',
        'share:stop',
        'call:join',
        'call:leave',
        'call:update',
        'call:mute',
        'sfu:publish',
        'sfu:subscribe',
        'sfu:answer',
      ].sort(),
    );
    expect(isCommandType('playlist:add')).toBe(true);
    expect(isCommandType('room:delete')).toBe(false);
    expect(isCommandType('__proto__')).toBe(false);
    expect(isRoomCommand({ type: 'playlist:clearWatched' })).toBe(true);
    expect(isRoomCommand({ type: 'clock:ping' })).toBe(false);
    expect(isRoomCommand({ type: 'cohost:grant', uid: 'u' })).toBe(true);
    expect(isRoomCommand({ type: 'moderation:kick', key: 'u:x' })).toBe(false);
    expect(isRoomCommand({ type: 'playlist:shuffle' })).toBe(true);
    expect(isRoomCommand({ type: 'vote:skip', id: 'x', skip: true })).toBe(true);
    expect(isRoomCommand({ type: 'playlist:addList', listId: 'PL123' })).toBe(true);
  });

  it('validates acks, success and failure', () => {
    const schema = commandAckSchema('clock:ping');
    expect(schema.safeParse({ ok: true, serverTime: 5 }).success).toBe(true);
    expect(schema.safeParse({ ok: false, error: { code: 'rate_limited', message: 'slow down' } }).success).toBe(true);
    expect(schema.safeParse({ ok: false, error: { code: 'teapot', message: '' } }).success).toBe(false);
    expect(schema.safeParse({ ok: true }).success).toBe(false);
  });
});

describe('subtitle:add labels (R111, R96)', () => {
  const add = (label: unknown) => parseCommand('subtitle:add', { id: 'm_x', fileId: 'A'.repeat(22), label });

  it('takes a label as typed, trimmed', () => {
    const parsed = add('  Tiếng Việt 🇻🇳 ');
    expect(parsed.success && parsed.data.type === 'subtitle:add' && parsed.data.label).toBe('Tiếng Việt 🇻🇳');
  });

  it.each([
    ['nothing visible', ' \u200b\u2800 '],
    ['a bidi override', 'Việt \u202Egnp'],
    ['a NUL', 'Việt\u0000'],
    ['a line break', 'Tiếng\nViệt'],
    ['ESC', 'Việt \u001b[31m'],
    ['half a surrogate pair', 'Việt \uD83D'],
    ['stacked marks', `V${'\u0301'.repeat(30)}`],
    ['41 characters', 'a'.repeat(41)],
  ])('refuses a label with %s', (_label, label) => {
    expect(add(label).success).toBe(false);
  });
});
