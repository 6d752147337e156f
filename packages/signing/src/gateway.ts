import { GATEWAY_TIMESTAMP_WINDOW_SECONDS } from '@kl/contracts/deposit';
import { hmacHex, refuseSigned } from './hmac.ts';

/**
 * Signatures of the payment gateway's callbacks: hex HMAC-SHA256, under the shared secret, of
 * `<timestamp>.<raw body>` where the timestamp is unix seconds (sent in its own header). The timestamp is
 * signed, so a captured callback cannot be replayed later with a fresh one: outside the window it is
 * refused, and inside it a redelivery changes nothing (the order is settled once).
 */

export function signCallback(secret: string, timestamp: string, rawBody: string): string {
  return hmacHex(secret, timestamp, rawBody);
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
  const refusal = refuseSigned({
    ...input,
    secret: input.secret,
    parts: [input.rawBody],
    window: { seconds: input.windowSeconds ?? GATEWAY_TIMESTAMP_WINDOW_SECONDS, now: input.now },
  });
  return refusal ? { ok: false, reason: refusal } : { ok: true };
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
  return refuseSigned({ ...input, parts: [input.message] }) === undefined;
}
