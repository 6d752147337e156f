import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

/**
 * RSA-SHA256 signatures of a raw body, base64: the scheme of Hub88's APIs
 * (docs/decisions/066-hub88-adapter.md). Each side signs what it sends with its own private key
 * (RSASSA-PKCS1-v1_5 over SHA-256, as `openssl dgst -sha256 -sign` makes it) and the other checks it with
 * the matching public key. No shared secret: the site keeps Hub88's public key and its own private key.
 */

/** A PEM key read once (parsing a key costs far more than a signature). */
export const publicKeyOf = (pem: string): KeyObject => createPublicKey(pem);
export const privateKeyOf = (pem: string): KeyObject => createPrivateKey(pem);

/** The base64 RSA-SHA256 signature of `raw` under `privateKey`. */
export function signRsaSha256(privateKey: KeyObject, raw: string): string {
  return sign('sha256', Buffer.from(raw, 'utf8'), privateKey).toString('base64');
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Whether `signature` (base64) is `publicKey`'s signature of `raw`; false for a missing or malformed one. */
export function verifyRsaSha256(publicKey: KeyObject, raw: string, signature: string | undefined): boolean {
  const text = signature?.trim();
  if (!text || !BASE64.test(text)) return false;
  try {
    return verify('sha256', Buffer.from(raw, 'utf8'), publicKey, Buffer.from(text, 'base64'));
  } catch {
    // A signature of another length than the key's, or a key that is not RSA.
    return false;
  }
}
