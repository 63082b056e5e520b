import { describe, expect, it } from 'vitest';
import { P2P_CANDIDATE_MAX, P2P_SDP_MAX } from '../limits.ts';
import { commandNeedsRoom } from '../roles.ts';
import { parseCommand } from './commands.ts';
import { p2pSignalEventSchema } from './p2p.ts';

const itemId = 'f_0123456789abcdefghijkl';
const offer = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' } as const;
const candidate = {
  candidate: 'candidate:1 1 udp 2122260223 192.168.1.20 54321 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: 'abcd',
};
const to = 'Xq3v9yB2AbCdEfGhAAAB';

describe('p2p:announce (R113)', () => {
  it('takes an item id and whether the sender has its bytes, and needs a joined room', () => {
    const parsed = parseCommand('p2p:announce', { itemId, has: true, extra: 'dropped' });
    expect(parsed.success && parsed.data).toEqual({ type: 'p2p:announce', itemId, has: true });
    expect(commandNeedsRoom('p2p:announce')).toBe(true);
  });

  it.each([
    ['no has', { itemId }],
    ['has as a string', { itemId, has: 'yes' }],
    ['an item id with a bad character', { itemId: 'a/b', has: false }],
    ['an empty item id', { itemId: '', has: false }],
  ])('refuses %s', (_label, payload) => {
    expect(parseCommand('p2p:announce', payload).success).toBe(false);
  });
});

describe('p2p:signal (R113)', () => {
  it('carries an offer, an answer or a candidate to one socket, and needs a joined room', () => {
    for (const body of [
      { description: offer },
      { description: { type: 'answer', sdp: 'x'.repeat(P2P_SDP_MAX) } },
      { candidate },
      { candidate: { ...candidate, usernameFragment: null } },
      { candidate: { candidate: '', sdpMid: null, sdpMLineIndex: null } },
    ]) {
      const parsed = parseCommand('p2p:signal', { to, itemId, ...body });
      expect(parsed.success && parsed.data).toEqual({ type: 'p2p:signal', to, itemId, ...body });
    }
    expect(commandNeedsRoom('p2p:signal')).toBe(true);
  });

  it('refuses both a description and a candidate, and neither', () => {
    const both = parseCommand('p2p:signal', { to, itemId, description: offer, candidate });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe('send exactly one of description and candidate');
    expect(parseCommand('p2p:signal', { to, itemId }).success).toBe(false);
    // null is not "absent": a client that sends it has a bug to see.
    expect(parseCommand('p2p:signal', { to, itemId, description: null, candidate }).success).toBe(false);
  });

  it.each([
    ['an SDP over the limit', { description: { ...offer, sdp: 'x'.repeat(P2P_SDP_MAX + 1) } }],
    ['a rollback', { description: { type: 'rollback', sdp: '' } }],
    ['a description without its SDP', { description: { type: 'offer' } }],
    ['a candidate line over the limit', { candidate: { ...candidate, candidate: 'x'.repeat(P2P_CANDIDATE_MAX + 1) } }],
    ['an sdpMid over 64 characters', { candidate: { ...candidate, sdpMid: 'x'.repeat(65) } }],
    ['an m-line index over 64', { candidate: { ...candidate, sdpMLineIndex: 65 } }],
    ['a fractional m-line index', { candidate: { ...candidate, sdpMLineIndex: 0.5 } }],
    ['a candidate without its m-line', { candidate: { candidate: candidate.candidate, sdpMid: '0' } }],
    ['a username fragment over 256 characters', { candidate: { ...candidate, usernameFragment: 'u'.repeat(257) } }],
    ['a candidate as a string', { candidate: candidate.candidate }],
  ])('refuses %s', (_label, body) => {
    expect(parseCommand('p2p:signal', { to, itemId, ...body }).success).toBe(false);
  });

  it.each([
    ['no target', { itemId, candidate }],
    ['an empty target', { to: '', itemId, candidate }],
    ['a target over 64 characters', { to: 'a'.repeat(65), itemId, candidate }],
    ['a target with a bad character', { to: 'room1234room1234/peer:x', itemId, candidate }],
    ['a numeric target', { to: 42, itemId, candidate }],
    ['no item', { to, candidate }],
  ])('refuses %s', (_label, payload) => {
    expect(parseCommand('p2p:signal', payload).success).toBe(false);
  });

  it('gives its target the same exactly-one rule, so a client can check what it is sent', () => {
    const event = { roomId: 'room1234room1234', from: to, itemId };
    expect(p2pSignalEventSchema.safeParse({ ...event, candidate }).success).toBe(true);
    expect(p2pSignalEventSchema.safeParse({ ...event, candidate, description: offer }).success).toBe(false);
  });
});
