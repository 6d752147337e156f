import { sha256Hex } from '../../platform/crypto.ts';

/**
 * A provider's signing keys (docs/decisions/050-game-providers-in-the-back-office.md): its current key and,
 * after a rotation, the previous one, accepted until the end of the overlap the operator chose. Signatures
 * are checked under the current key first; the previous key is tried only when the current one does not
 * match, and only before its end.
 */

/** A provider's keys, opened. */
export interface ProviderKeys {
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

/** Whether the previous key is still accepted at `now`. */
export const previousKeyValid = (keys: Omit<ProviderKeys, 'secret'>, now: Date): boolean =>
  keys.previousSecret !== null && keys.previousSecretUntil !== null && keys.previousSecretUntil > now;

/**
 * How a signature failed under one key: the refusals of `refuseSigned` (packages/signing), and a request's
 * missing nonce (`refuseProviderSignature`, docs/decisions/070-provider-replay-window.md).
 */
type Refusal = 'MISSING_SIGNATURE' | 'MISSING_NONCE' | 'BAD_SIGNATURE' | 'STALE_TIMESTAMP';

/**
 * The check of a signature under the keys accepted at `now`: undefined refusal when one of them signed it
 * (`previous` says whether it was the previous key). A timestamp out of its window or a malformed signature
 * is the same refusal under any key; only a signature that matches no key is BAD_SIGNATURE.
 */
export function checkUnderKeys<R extends Refusal>(
  keys: ProviderKeys,
  now: Date,
  refusalUnder: (secret: string) => R | undefined,
): { refusal: R | undefined; previous: boolean } {
  const current = refusalUnder(keys.secret);
  if (current !== 'BAD_SIGNATURE' || keys.previousSecret === null || !previousKeyValid(keys, now))
    return { refusal: current, previous: false };
  const refusal = refusalUnder(keys.previousSecret);
  return { refusal, previous: refusal !== 'BAD_SIGNATURE' };
}

/**
 * What the back office shows of a key: the first 16 hex digits of its SHA-256. The provider computes the
 * same (`printf %s "$KEY" | sha256sum | cut -c1-16`) to check it holds the key the site holds; it does not
 * tell the key.
 */
export const keyFingerprint = (key: string): string => sha256Hex(key).slice(0, 16);
