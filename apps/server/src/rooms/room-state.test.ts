import {
  type AddVideoInput,
  COMMAND_PERMISSIONS,
  DEFAULT_CURRENT_VIDEO,
  DUPLICATE_VIDEO_MESSAGE,
  PLAYLIST_MAX,
} from '@xemchung/protocol';
import { mediaVideoId } from '@xemchung/protocol/media-video-id';
import { roomCommandSchema } from '@xemchung/protocol/schemas';
import { describe, expect, it } from 'vitest';
import { actor } from '../../test/actors.ts';
import { committedState, emptyRoomState } from '../../test/room-states.ts';
import type { Actor } from '../commands/actor.ts';
import { applyRoomCommand, type RoomState, type StateCommand } from './room-state.ts';

const HOST: Actor = actor('host-uid');
const MEMBER: Actor = actor('member-uid');
const GUEST: Actor = actor(null);
const NOW = 1_700_000_000_000;

/** An 11-character YouTube-like id from a short name. */
const vid = (name: string) => name.padEnd(11, '_');
const input = (name: string): AddVideoInput => ({
  id: vid(name),
  title: `Video ${name}`,
  thumbnail: '',
  source: 'youtube',
  mediaUrl: null,
});

const emptyRoom = emptyRoomState({ host: HOST.uid as string });

const ok = committedState;

function run(state: RoomState, commands: StateCommand[], actor: Actor = HOST, now = NOW): RoomState {
  return commands.reduce((current, command) => ok(applyRoomCommand(current, command, actor, now)), state);
}

const add = (name: string): StateCommand => ({ type: 'playlist:add', video: input(name) });
const select = (name: string): StateCommand => ({ type: 'playlist:select', id: vid(name) });
const remove = (name: string): StateCommand => ({ type: 'playlist:remove', id: vid(name) });
const ended = (name: string): StateCommand => ({ type: 'playback:ended', id: vid(name) });
const clear: StateCommand = { type: 'playlist:clearWatched' };

/** a, b, c, d in the playlist; c playing (a and c watched). */
const busyRoom = run(emptyRoom, [add('a'), add('b'), add('c'), add('d'), select('c')], HOST, NOW - 5000);

/** A direct link, which takes subtitles (R111). */
const FILM: AddVideoInput = {
  id: mediaVideoId('https://media.example/film.mp4'),
  title: 'Film',
  thumbnail: '',
  source: 'media',
  mediaUrl: 'https://media.example/film.mp4',
};
/** busyRoom with the film after d. */
const roomWithFilm = run(busyRoom, [{ type: 'playlist:add', video: FILM }]);

describe('permissions (R2)', () => {
  // The state machine's commands only: the chat's `chat:delete` is judged beside it (test/chat.test.ts, R54).
  const stateCommands: string[] = roomCommandSchema.options.map((option) => option.shape.type.value);
  const hostOnly = (Object.keys(COMMAND_PERMISSIONS) as Array<keyof typeof COMMAND_PERMISSIONS>).filter(
    (type) => COMMAND_PERMISSIONS[type] === 'controller' && stateCommands.includes(type),
  );
  const commands: Record<string, StateCommand> = {
    'playlist:select': select('a'),
    'playlist:remove': remove('a'),
    'playlist:clearWatched': clear,
    'playback:update': { type: 'playback:update', id: vid('c'), playing: false, position: 12, rate: 1 },
    'playback:ended': ended('c'),
    'playback:start': { type: 'playback:start', id: vid('c') },
    'playlist:move': { type: 'playlist:move', id: vid('d'), toIndex: 0 },
    'playlist:playNext': { type: 'playlist:playNext', id: vid('d') },
    'playlist:shuffle': { type: 'playlist:shuffle' },
    'room:loop': { type: 'room:loop', mode: 'all' },
    'subtitle:shift': { type: 'subtitle:shift', id: FILM.id, shiftMs: 500 },
    'share:start': { type: 'share:start' },
    'call:mute': { type: 'call:mute', peer: 'socket-1' },
  };
  /** The tab a share would come from (R126), whoever sends it: the role alone decides. */
  const tab = { peer: 'socket-1', person: { key: 'k', uid: null, name: null, photoURL: null, guestTag: 'x' } };
  const context = { tab };
  /** The film's room with that tab in the call, for a mute to find (R127). */
  const inCall: RoomState = { ...roomWithFilm, call: [{ peer: tab.peer, by: tab.person, audio: true, video: false }] };

  it('makes select, remove, clear watched, reordering, loop and playback host-only', () => {
    expect(hostOnly.sort()).toEqual(Object.keys(commands).sort());
  });

  it.each(Object.entries(commands))('refuses %s from a member and a guest with forbidden (R2)', (_type, command) => {
    for (const actor of [MEMBER, GUEST]) {
      const result = applyRoomCommand(inCall, command, actor, NOW, context);
      expect(result).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
    }
    expect('state' in applyRoomCommand(inCall, command, HOST, NOW, context)).toBe(true);
  });

  it('lets members and guests add (R2, R6)', () => {
    const byMember = run(busyRoom, [add('m')], MEMBER);
    const byGuest = run(byMember, [add('g')], GUEST);
    expect(byGuest.playlist.map((video) => video.id).slice(-2)).toEqual([vid('m'), vid('g')]);
  });

  it('does not treat a guest as host of a room whose host is missing', () => {
    const hostless = { ...busyRoom, host: '' };
    expect(applyRoomCommand(hostless, clear, GUEST, NOW)).toMatchObject({ error: { code: 'forbidden' } });
  });
});

describe('playlist:add', () => {
  it('appends an unwatched video and leaves current_video alone (R6)', () => {
    const next = run(busyRoom, [add('e')]);
    expect(next.playlist.at(-1)).toEqual({ ...input('e'), visited: false });
    expect(next.current_video).toEqual(busyRoom.current_video);
  });

  it('refuses a duplicate with the exact Vietnamese message (R7)', () => {
    expect(applyRoomCommand(busyRoom, add('b'), MEMBER, NOW)).toEqual({
      error: { code: 'duplicate_video', message: DUPLICATE_VIDEO_MESSAGE },
    });
    expect(DUPLICATE_VIDEO_MESSAGE).toBe('Video đã có trong playlist');
  });

  it('refuses a media link whose stored spelling differs but has the same canonical URL (R7, R40)', () => {
    const canonical = 'http://cdn.example.com/clip.mp4';
    const media = (mediaUrl: string): AddVideoInput => ({
      id: mediaVideoId(mediaUrl),
      title: 'clip',
      thumbnail: '',
      source: 'media',
      mediaUrl,
    });
    // Stored before links were canonical: another spelling, and the id of that spelling.
    const legacy = { ...media('HTTP://CDN.example.com:80/./clip.mp4?'), visited: false };
    const room: RoomState = { ...emptyRoom, playlist: [legacy] };
    expect(applyRoomCommand(room, { type: 'playlist:add', video: media(canonical) }, MEMBER, NOW)).toEqual({
      error: { code: 'duplicate_video', message: DUPLICATE_VIDEO_MESSAGE },
    });
    const other = ok(applyRoomCommand(room, { type: 'playlist:add', video: media(`${canonical}?v=2`) }, MEMBER, NOW));
    expect(other.playlist).toHaveLength(2);
  });

  it(`refuses the ${PLAYLIST_MAX + 1}th video with playlist_full (R8)`, () => {
    const playlist = Array.from({ length: PLAYLIST_MAX }, (_, i) => ({ ...input(`v${i}`), visited: false }));
    const full: RoomState = { ...emptyRoom, playlist };
    expect(applyRoomCommand(full, add('new'), HOST, NOW)).toMatchObject({ error: { code: 'playlist_full' } });
    // A duplicate is still reported as such.
    expect(applyRoomCommand(full, add('v0'), HOST, NOW)).toMatchObject({ error: { code: 'duplicate_video' } });
  });

  it('resets current_video to the default and marks the first video watched (R9)', () => {
    const dirty: RoomState = { ...emptyRoom, current_video: { ...DEFAULT_CURRENT_VIDEO, updated_at: 5, rate: 2 } };
    const next = run(dirty, [add('a')], GUEST);
    expect(next.current_video).toEqual(DEFAULT_CURRENT_VIDEO);
    expect(next.playlist).toEqual([{ ...input('a'), visited: true }]);
    expect(run(next, [add('b')]).playlist[1]?.visited).toBe(false);
  });
});

describe('playlist:select (R10)', () => {
  it('plays the video from 0 at normal speed, stamped with the server time, and marks it watched', () => {
    const paused = run(busyRoom, [{ type: 'playback:update', id: vid('c'), playing: false, position: 50, rate: 2 }]);
    const next = run(paused, [select('b')]);
    expect(next.current_video).toEqual({
      id: vid('b'),
      index: 1,
      playing: true,
      current_time: 0,
      updated_at: NOW,
      rate: 1,
    });
    expect(next.playlist[1]?.visited).toBe(true);
  });

  it('restarts the current video when it is selected again', () => {
    const next = run(busyRoom, [select('c')], HOST, NOW + 9000);
    expect(next.current_video).toMatchObject({ id: vid('c'), index: 2, current_time: 0, updated_at: NOW + 9000 });
  });

  it('refuses a video that is not in the playlist', () => {
    expect(applyRoomCommand(busyRoom, select('zz'), HOST, NOW)).toMatchObject({ error: { code: 'video_not_found' } });
  });
});

describe('playback:ended (R11, R12)', () => {
  it('selects the next index', () => {
    const next = run(busyRoom, [ended('c')]);
    expect(next.current_video).toMatchObject({ id: vid('d'), index: 3, playing: true, current_time: 0 });
    expect(next.playlist[3]?.visited).toBe(true);
  });

  it('changes nothing after the last video', () => {
    const atEnd = run(busyRoom, [select('d')]);
    const result = applyRoomCommand(atEnd, ended('d'), HOST, NOW);
    expect('state' in result && result.state).toBe(atEnd);
  });

  it('refuses a stale ended, so two reports of one end do not skip two videos (R12)', () => {
    const once = run(busyRoom, [ended('c')]);
    expect(applyRoomCommand(once, ended('c'), HOST, NOW)).toMatchObject({ error: { code: 'version_conflict' } });
  });

  it('refuses ended when nothing is playing', () => {
    const idle = run(emptyRoom, [add('a')]);
    expect(applyRoomCommand(idle, ended('a'), HOST, NOW)).toMatchObject({ error: { code: 'version_conflict' } });
  });
});

describe('playback:update (R13, R28)', () => {
  it('stores playing, position and rate with the server clock', () => {
    const next = run(busyRoom, [{ type: 'playback:update', id: vid('c'), playing: false, position: 73.5, rate: 1.5 }]);
    expect(next.current_video).toEqual({
      id: vid('c'),
      index: 2,
      playing: false,
      current_time: 73.5,
      rate: 1.5,
      updated_at: NOW,
    });
    expect(next.playlist).toBe(busyRoom.playlist);
  });

  it('refuses a report about a video that is no longer current', () => {
    const update: StateCommand = { type: 'playback:update', id: vid('a'), playing: true, position: 9, rate: 1 };
    expect(applyRoomCommand(busyRoom, update, HOST, NOW)).toMatchObject({ error: { code: 'version_conflict' } });
  });

  it('R93: refuses a re-anchor made against an older room version, and takes one made against this one', () => {
    const reanchor: StateCommand = { type: 'playback:update', id: vid('c'), playing: true, position: 60, rate: 1 };
    const stale = applyRoomCommand(busyRoom, { ...reanchor, version: 7 }, HOST, NOW, { version: 8 });
    expect(stale).toMatchObject({ error: { code: 'version_conflict' } });
    const current = applyRoomCommand(busyRoom, { ...reanchor, version: 8 }, HOST, NOW, { version: 8 });
    expect(current).toMatchObject({ state: { current_video: { playing: true, current_time: 60 } } });
    // A report of a change names no version: it stands whatever committed meanwhile.
    expect(applyRoomCommand(busyRoom, reanchor, HOST, NOW, { version: 8 })).toHaveProperty('state');
  });
});

describe('playlist:remove (R14)', () => {
  it('keeps the current video and its index right when an earlier item goes', () => {
    const next = run(busyRoom, [remove('a')]);
    expect(next.playlist.map((video) => video.id)).toEqual([vid('b'), vid('c'), vid('d')]);
    expect(next.current_video).toEqual({ ...busyRoom.current_video, index: 1 });
  });

  it('leaves current_video untouched when a later item goes', () => {
    expect(run(busyRoom, [remove('d')]).current_video).toBe(busyRoom.current_video);
  });

  it('resets to the default when the current video is removed', () => {
    const next = run(busyRoom, [remove('c')]);
    expect(next.current_video).toEqual(DEFAULT_CURRENT_VIDEO);
    expect(next.playlist).toHaveLength(3);
  });

  it('resets to the default when the playlist empties', () => {
    const one = run(emptyRoom, [add('a')]);
    expect(run(one, [remove('a')])).toEqual({ ...emptyRoom, current_video: DEFAULT_CURRENT_VIDEO });
  });

  it('refuses a video that is not in the playlist', () => {
    expect(applyRoomCommand(busyRoom, remove('zz'), HOST, NOW)).toMatchObject({ error: { code: 'video_not_found' } });
  });
});

describe('playlist:clearWatched (R15)', () => {
  it('removes every watched video except the current one and re-derives its index', () => {
    const next = run(busyRoom, [clear]);
    expect(next.playlist.map((video) => video.id)).toEqual([vid('b'), vid('c'), vid('d')]);
    expect(next.current_video).toEqual({ ...busyRoom.current_video, index: 1 });
  });

  it('changes nothing when only the current video is watched', () => {
    const once = run(busyRoom, [clear, remove('b')]);
    const result = applyRoomCommand(once, clear, HOST, NOW);
    expect('state' in result && result.state).toBe(once);
  });

  it('removes all watched videos when nothing is current', () => {
    const idle = run(emptyRoom, [add('a'), add('b')]); // a was marked watched by the first add (R9)
    expect(run(idle, [clear]).playlist.map((video) => video.id)).toEqual([vid('b')]);
  });
});
