import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { privateKeyOf, publicKeyOf } from '@kl/signing/rsa';

/**
 * A Hub88 provider's keys (docs/decisions/066-hub88-adapter.md), kept in `game_provider.protocol_settings`,
 * sealed like the providers' signing keys (docs/decisions/034-secrets-at-rest.md): Hub88's public key,
 * which checks every request, and the operator's private key, which signs every answer (its public key is
 * the one the operator gave Hub88). Both PEM.
 */
export const hub88Settings = z.object({
  hub88PublicKey: z.string().min(1),
  operatorPrivateKey: z.string().min(1),
  /** The operator's id at Hub88, which its calls to Hub88's operator API carry (none: it makes none). */
  operatorId: z.number().int().min(0).optional(),
});
export type Hub88Settings = z.infer<typeof hub88Settings>;

export interface Hub88Keys {
  hub88: KeyObject;
  operator: KeyObject;
  operatorId: number | undefined;
}

/** Settings read, each text once per process (parsing a PEM costs far more than a signature). */
const KEPT = 64;
const kept = new Map<string, Hub88Keys>();

/** The keys of opened settings; an Error (a configuration fault, not the caller's) when they do not read. */
export function hub88KeysOf(settings: string): Hub88Keys {
  const known = kept.get(settings);
  if (known) return known;
  let json: unknown;
  try {
    json = JSON.parse(settings);
  } catch {
    // Not the parser's message: it quotes the text, which holds a private key.
    throw new Error('the Hub88 settings are not JSON');
  }
  const parsed = hub88Settings.safeParse(json);
  if (!parsed.success) throw new Error('the Hub88 settings lack hub88PublicKey or operatorPrivateKey');
  const keys = {
    hub88: publicKeyOf(parsed.data.hub88PublicKey),
    operator: privateKeyOf(parsed.data.operatorPrivateKey),
    operatorId: parsed.data.operatorId,
  };
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value ?? '');
  kept.set(settings, keys);
  return keys;
}
