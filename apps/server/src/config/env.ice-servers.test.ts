import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';
import { ICE_SERVERS_MAX } from './ice-servers.ts';

const turn = { urls: 'turn:turn.phim.example:3478', username: 'xemchung', credential: 'mật-khẩu-dài' };

describe('ICE_SERVERS (R114)', () => {
  it('R114: is none by default, so viewers on one network connect by their host candidates', () => {
    expect(parseEnv({}).ICE_SERVERS).toEqual([]);
  });

  it('R114: takes STUN and TURN servers as RTCPeerConnection does, one URL or several each', () => {
    const servers = [
      { urls: 'stun:stun.phim.example' },
      {
        urls: [
          'stun:[2001:db8::1]:3478',
          'turn:198.51.100.7:3478?transport=udp',
          'turns:turn.phim.example:5349?transport=tcp',
        ],
        username: 'u',
        credential: 'c',
      },
      turn,
    ];
    expect(parseEnv({ ICE_SERVERS: JSON.stringify(servers) }).ICE_SERVERS).toEqual(servers);
    expect(parseEnv({ ICE_SERVERS: '[]' }).ICE_SERVERS).toEqual([]);
  });

  it.each([
    [
      'JSON that does not parse',
      "[{urls: 'stun:stun.phim.example'}]",
      /^ {2}ICE_SERVERS: must be a JSON array of ICE servers: /m,
    ],
    ['an object instead of an array', JSON.stringify(turn), /^ {2}ICE_SERVERS: /m],
    [
      'a TURN server without its credential',
      JSON.stringify([{ ...turn, credential: undefined }]),
      /^ {2}ICE_SERVERS\.0\.credential: is required for TURN$/m,
    ],
    [
      'a TURN URL among STUN ones without a username',
      JSON.stringify([{ urls: ['stun:a.example', 'turns:b.example'], credential: 'c' }]),
      /^ {2}ICE_SERVERS\.0\.username: is required for TURN$/m,
    ],
    [
      'an http URL',
      JSON.stringify([{ urls: 'https://turn.phim.example' }]),
      /^ {2}ICE_SERVERS\.0\.urls: must be a stun:, turn: or turns: URL/m,
    ],
    [
      'a stun URL with a path',
      JSON.stringify([{ urls: ['stun:stun.phim.example/x'] }]),
      /^ {2}ICE_SERVERS\.0\.urls\.0: must be/m,
    ],
    [
      'a stun URL with a transport',
      JSON.stringify([{ urls: 'stun:stun.phim.example?transport=udp' }]),
      /^ {2}ICE_SERVERS\.0\.urls: a stun: URL takes no/m,
    ],
    ['an empty URL list', JSON.stringify([{ urls: [] }]), /^ {2}ICE_SERVERS\.0\.urls: /m],
    ['a misspelt field', JSON.stringify([{ ...turn, password: 'x' }]), /^ {2}ICE_SERVERS\.0: .*password/m],
    [
      'more servers than a browser should try',
      JSON.stringify(Array(ICE_SERVERS_MAX + 1).fill({ urls: 'stun:a.example' })),
      /^ {2}ICE_SERVERS: /m,
    ],
  ])('R114: refuses %s at boot, naming the variable', (_label, value, message) => {
    expect(() => parseEnv({ ICE_SERVERS: value })).toThrow(ConfigError);
    expect(() => parseEnv({ ICE_SERVERS: value })).toThrow(message);
  });
});
