import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one primitive of every signature the site exchanges with an outside party (the game providers'
 * requests and reports, the payment gateway's callbacks and payment links): hex HMAC-SHA256 under a shared
 * secret of a timestamp and a message, and its check in constant time.
 */

const TIMESTAMP = /^\d{1,12}$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** Hex HMAC-SHA256 of `parts` joined by dots (the timestamp first: `<timestamp>.<…>.<raw>`). */
export function hmacHex(secret: string, ...parts: string[]): string {
  const mac = createHmac('sha256', secret);
  parts.forEach((part, index) => mac.update(index === 0 ? part : `.${part}`, 'utf8'));
  return mac.digest('hex');
}

export type SignedRefusal = 'MISSING_SIGNATURE' | 'BAD_SIGNATURE' | 'STALE_TIMESTAMP';

/**
 * Why a signed message is not the signer's, or undefined when it is: the shapes of the timestamp (unix
 * seconds) and the signature, then the signature of `<timestamp>.<parts…>` (someone without the key learns
 * nothing more), then, when a window is given, the timestamp within that many seconds of `now`.
 */
export function refuseSigned(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  parts: string[];
  window?: { seconds: number; now: Date };
}): SignedRefusal | undefined {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !TIMESTAMP.test(timestamp) || !HEX_SHA256.test(signature))
    return 'MISSING_SIGNATURE';
  const wanted = Buffer.from(hmacHex(input.secret, timestamp, ...input.parts), 'hex');
  if (!timingSafeEqual(wanted, Buffer.from(signature, 'hex'))) return 'BAD_SIGNATURE';
  if (!input.window) return undefined;
  const skew = Math.abs(input.window.now.getTime() / 1000 - Number(timestamp));
  return skew > input.window.seconds ? 'STALE_TIMESTAMP' : undefined;
}
