import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64url, sha256 } from './sha256.ts';

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

describe('sha256', () => {
  // FIPS 180-4 / NIST CSRC example vectors, including the two-block and the 1,000,000-byte messages.
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    ['a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  ])('hashes the NIST vector %#', (input, expected) => {
    expect(hex(sha256(input))).toBe(expected);
  });

  it('hashes strings as UTF-8', () => {
    expect(hex(sha256('Xem chung 🎬 nhé'))).toBe(hex(sha256(new TextEncoder().encode('Xem chung 🎬 nhé'))));
  });

  it('agrees with Web Crypto on arbitrary input, across block boundaries', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const expected = new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(bytes)));
        expect(hex(sha256(bytes))).toBe(hex(expected));
      }),
      { numRuns: 300 },
    );
  });
});

describe('base64url', () => {
  it('encodes the RFC 4648 vectors without padding', () => {
    const encode = (text: string) => base64url(new TextEncoder().encode(text));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(encode)).toEqual([
      '',
      'Zg',
      'Zm8',
      'Zm9v',
      'Zm9vYg',
      'Zm9vYmE',
      'Zm9vYmFy',
    ]);
  });

  it('uses - and _ where base64 has + and /', () => {
    expect(base64url(new Uint8Array([0xfb, 0xff, 0xbf]))).toBe('-_-_');
  });
});
