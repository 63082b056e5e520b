import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Passwords of the embedded identity provider, hashed with scrypt. The stored string names its own
 * parameters (`scrypt$N=16384,r=8,p=1$<salt>$<hash>`), so raising the cost later leaves old hashes verifiable.
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r bytes; allow the largest N we would ever accept from a stored hash. */
const MAX_MEMORY = 256 * 1024 * 1024;
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, PARAMS);
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

interface ParsedHash {
  options: { N: number; r: number; p: number };
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const match = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return null;
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(match[4] ?? '', 'base64url');
  const key = Buffer.from(match[5] ?? '', 'base64url');
  if (salt.length < 8 || key.length < 16) return null;
  return { options: { N, r, p }, salt, key };
}

/** True when `password` matches `stored`; a malformed stored value never matches. Compares in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, parsed.key.length, parsed.options);
  return timingSafeEqual(candidate, parsed.key);
}

/**
 * A hash of a random password, for verifying against when the email is unknown: the answer then takes as long
 * as for a known email, so response times do not tell which emails have accounts.
 */
export const decoyHash: Promise<string> = hashPassword(randomBytes(16).toString('base64url'));
