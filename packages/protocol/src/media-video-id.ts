import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';

// A module of its own, outside the package's index (`@xemchung/protocol/media-video-id`): the web loads the hash only
// when a direct link is pasted, not with the room page (3.6 KB of gzip, docs/decisions/018).

/**
 * The playlist id of a link that is not YouTube (direct media, Vimeo, Dailymotion, SoundCloud): `m_` + base64url of the first 16 bytes of SHA-256(url), 24
 * characters that fit `videoIdSchema` and cannot collide with an 11-character YouTube id, nor with each other (their
 * canonical URLs differ). Pass the `url` that parseVideoLink returned so that spellings of the same link get the same id. Hashed with @noble/hashes, not
 * Web Crypto, whose digest is async and missing outside secure contexts (an instance served on plain http).
 */
export function mediaVideoId(url: string): string {
  return `m_${base64urlnopad.encode(sha256(utf8ToBytes(url)).subarray(0, 16))}`;
}
