import { describe, expect, it } from 'vitest';
import { COMMAND_PERMISSIONS, may, type Role, refusalFor, roleOf } from './roles.ts';
import { DEFAULT_ROOM_SETTINGS } from './room.ts';
import type { ADD_POLICIES } from './room-settings.ts';
import { COMMAND_TYPES } from './schemas/commands.ts';

const ROLES: Role[] = ['host', 'cohost', 'member', 'guest'];

describe('the permission table (R50)', () => {
  it('names every command', () => {
    expect(Object.keys(COMMAND_PERMISSIONS).sort()).toEqual([...COMMAND_TYPES].sort());
  });

  it('reads roles from the room: the owner, the granted uids, other signed-in viewers, guests', () => {
    const room = { host: 'h', cohosts: ['c'] };
    expect([roleOf(room, 'h'), roleOf(room, 'c'), roleOf(room, 'm'), roleOf(room, null)]).toEqual(ROLES);
  });

  it('lets host and co-hosts drive the playlist and playback, and nobody else', () => {
    for (const type of ['playlist:select', 'playlist:remove', 'playlist:clearWatched', 'playback:update'] as const) {
      expect(ROLES.filter((role) => may(type, role, DEFAULT_ROOM_SETTINGS))).toEqual(['host', 'cohost']);
      expect(refusalFor(type, 'member', DEFAULT_ROOM_SETTINGS)).toBe('forbidden');
    }
  });

  it('lets whoever the add policy names add, and says that the setting refused the others', () => {
    const allowed = (addPolicy: (typeof ADD_POLICIES)[number]) =>
      ROLES.filter((role) => may('playlist:add', role, { addPolicy, guestChat: false, skipVoting: true }));
    expect(allowed('everyone')).toEqual(ROLES);
    expect(allowed('signedIn')).toEqual(['host', 'cohost', 'member']);
    expect(allowed('controllers')).toEqual(['host', 'cohost']);
    expect(refusalFor('playlist:add', 'guest', { addPolicy: 'signedIn', guestChat: true, skipVoting: true })).toBe(
      'adding_restricted',
    );
  });

  it('lets signed-in viewers chat, guests only when the room allows it, and controllers delete (R54)', () => {
    const closed = { addPolicy: 'everyone', guestChat: false, skipVoting: true } as const;
    const open = { addPolicy: 'everyone', guestChat: true, skipVoting: true } as const;
    expect(ROLES.filter((role) => may('chat:send', role, closed))).toEqual(['host', 'cohost', 'member']);
    expect(refusalFor('chat:send', 'guest', closed)).toBe('chat_restricted');
    expect(ROLES.filter((role) => may('chat:send', role, open))).toEqual(ROLES);
    expect(ROLES.filter((role) => may('chat:delete', role, open))).toEqual(['host', 'cohost']);
    expect(ROLES.filter((role) => may('chat:history', role, closed))).toEqual(ROLES);
  });

  it('keeps control, settings, clearing the queue, kicks and bans to the host alone (R55–R59)', () => {
    const hostOnly = [
      'cohost:grant',
      'cohost:revoke',
      'room:settings',
      'playlist:clear',
      'moderation:kick',
      'moderation:ban',
      'moderation:unban',
      'moderation:bans',
      'moderation:kicks',
      'moderation:unkick',
    ] as const;
    for (const type of hostOnly) {
      expect(ROLES.filter((role) => may(type, role, DEFAULT_ROOM_SETTINGS))).toEqual(['host']);
      expect(refusalFor(type, 'cohost', DEFAULT_ROOM_SETTINGS)).toBe('forbidden');
    }
  });

  it('lets anyone connected join and ping, and anyone in the room leave', () => {
    for (const role of ROLES) {
      for (const type of ['room:join', 'clock:ping', 'room:leave'] as const) {
        expect(refusalFor(type, role, { addPolicy: 'controllers', guestChat: false, skipVoting: true })).toBeNull();
      }
    }
  });
});
