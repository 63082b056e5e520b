import { createHash, createPrivateKey, hkdfSync, type JsonWebKey } from 'node:crypto';

/**
 * Everything secret the embedded identity provider needs is derived from SESSION_SECRET with HKDF, one label per
 * use. Every node of a deployment shares that one secret, so they all sign and verify alike with no extra
 * key files, and a restart keeps in-flight logins and issued cookies valid.
 */
export function deriveSecret(sessionSecret: string, label: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'xemchung', `xemchung/${label}`, bytes));
}

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The ID-token signing key: Ed25519, because any 32 bytes make a valid private key (no RSA key generation). */
export function deriveSigningJwk(sessionSecret: string): JsonWebKey & { kid: string; alg: string; use: string } {
  const seed = deriveSecret(sessionSecret, 'oidc-signing-key');
  const key = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const jwk = key.export({ format: 'jwk' });
  const kid = createHash('sha256')
    .update(jwk.x ?? '')
    .digest('base64url')
    .slice(0, 16);
  return { ...jwk, kid, alg: 'EdDSA', use: 'sig' };
}
