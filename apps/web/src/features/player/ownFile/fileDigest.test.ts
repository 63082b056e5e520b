import { createHash } from 'node:crypto';
import { OWN_FILE_DIGEST_EDGE_BYTES } from '@xemchung/protocol';
import { describe, expect, it } from 'vitest';
import { digestFile } from './fileDigest.ts';

const film = (size: number, seed: number) => {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed) & 0xff;
  return bytes;
};

describe('a file told by its digest (R118)', () => {
  it('R118: hashes the size, the first MiB and the last MiB', async () => {
    const bytes = film(3 * OWN_FILE_DIGEST_EDGE_BYTES + 5, 1);
    const expected = createHash('sha256')
      .update(`${bytes.length}\n`)
      .update(bytes.subarray(0, OWN_FILE_DIGEST_EDGE_BYTES))
      .update(bytes.subarray(bytes.length - OWN_FILE_DIGEST_EDGE_BYTES))
      .digest('hex');
    expect(await digestFile(new Blob([bytes]))).toBe(expected);
  });

  it('R118: a small file counts once; a change at either end or in the size is another file', async () => {
    const small = film(1000, 2);
    expect(await digestFile(new Blob([small]))).toBe(createHash('sha256').update('1000\n').update(small).digest('hex'));
    const big = film(3 * OWN_FILE_DIGEST_EDGE_BYTES, 3);
    const digest = await digestFile(new Blob([big]));
    const tailChanged = big.slice();
    tailChanged.set([(tailChanged.at(-1) ?? 0) ^ 1], tailChanged.length - 1);
    expect(await digestFile(new Blob([tailChanged]))).not.toBe(digest);
    expect(await digestFile(new Blob([big, new Uint8Array(1)]))).not.toBe(digest);
  });
});
