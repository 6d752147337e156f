import { createHmac, timingSafeEqual } from 'node:crypto';
import { GATEWAY_TIMESTAMP_WINDOW_SECONDS } from '@kl/contracts/deposit';

/**
 * Signatures of the payment gateway's callbacks: hex HMAC-SHA256, under the shared secret, of
 * `<timestamp>.<raw body>` where the timestamp is unix seconds (sent in its own header). The timestamp is
 * signed, so a captured callback cannot be replayed later with a fresh one: outside the window it is
 * refused, and inside it a redelivery changes nothing (the order is settled once).
 */

export function signCallback(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

export type SignatureCheck =
  | { ok: true }
  | { ok: false; reason: 'MISSING_SIGNATURE' | 'BAD_SIGNATURE' | 'NOT_CONFIGURED' | 'STALE_TIMESTAMP' };

/** Checks the signature first (an unsigned caller learns nothing more), then the timestamp's window. */
export function checkCallbackSignature(input: {
  secret: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
  windowSeconds?: number;
}): SignatureCheck {
  if (input.secret === undefined) return { ok: false, reason: 'NOT_CONFIGURED' };
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature)) {
    return { ok: false, reason: 'MISSING_SIGNATURE' };
  }
  const expected = Buffer.from(signCallback(input.secret, timestamp, input.rawBody), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
    return { ok: false, reason: 'BAD_SIGNATURE' };
  const skew = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (skew > (input.windowSeconds ?? GATEWAY_TIMESTAMP_WINDOW_SECONDS))
    return { ok: false, reason: 'STALE_TIMESTAMP' };
  return { ok: true };
}

/**
 * The payment link's signature (docs/decisions/036-sandboxes-process.md): the site sends the player to
 * the gateway's payment page with what to pay in the query, signed under the same shared secret over
 * `<timestamp>.<message>`, where the message is `gatewayPaymentMessage` (contracts, deposit.ts) of those
 * fields. The gateway takes the amount from a link it verified, never from the player.
 */
export function signPaymentLink(secret: string, timestamp: string, message: string): string {
  return signCallback(secret, timestamp, message);
}

/** Whether a payment link's signature is the site's (no time window: the order's expiry bounds it). */
export function checkPaymentLink(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  message: string;
}): boolean {
  const { timestamp, signature } = input;
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature))
    return false;
  const expected = Buffer.from(signPaymentLink(input.secret, timestamp, input.message), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
