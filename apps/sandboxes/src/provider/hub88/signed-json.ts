import { verifyRsaSha256 } from '@kl/signing/rsa';
import type { KeyObject } from 'node:crypto';

/**
 * A body of Hub88's protocol read only once its signature is checked (docs/decisions/066-hub88-adapter.md):
 * RSA-SHA256 of the raw text, base64, under the sender's key. Unsigned: nothing of it is read. Signed: its
 * JSON, undefined when it is none (the call's schema then refuses it).
 */
export function readSigned(
  publicKey: KeyObject,
  raw: string,
  signature: string | null | undefined,
): { signed: false } | { signed: true; json: unknown } {
  if (!verifyRsaSha256(publicKey, raw, signature ?? undefined)) return { signed: false };
  try {
    return { signed: true, json: JSON.parse(raw) };
  } catch {
    return { signed: true, json: undefined };
  }
}
