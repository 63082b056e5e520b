import { OWN_FILE_DIGEST_EDGE_BYTES } from '@xemchung/protocol';

/**
 * R118: a file's digest, the SHA-256 of its size (decimal, then a newline), its first MiB and its last MiB, as 64
 * lowercase hex characters. Two copies of one film agree wherever they came from; reading it takes two small
 * slices, not the whole file.
 */
export async function digestFile(file: Blob): Promise<string> {
  const edge = OWN_FILE_DIGEST_EDGE_BYTES;
  const parts = [
    new TextEncoder().encode(`${file.size}\n`),
    new Uint8Array(await file.slice(0, edge).arrayBuffer()),
    new Uint8Array(await file.slice(Math.max(edge, file.size - edge)).arrayBuffer()),
  ];
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
