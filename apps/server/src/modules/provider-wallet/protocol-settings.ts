import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import {
  type AdminProviderSettings,
  HUB88_KEY_BITS_MIN,
  pemKind,
  PRAGMATIC_SECRET_KEY_MIN,
  type ProviderProtocol,
  type ProviderSettingsInput,
} from '@kl/contracts/admin/game-providers';
import { DomainError } from '../../platform/errors.ts';
import { type Hub88Settings, hub88KeysOf } from './hub88/keys.ts';
import type { PragmaticSettings } from './pragmatic/keys.ts';

/**
 * A provider's protocol settings as the back office writes them
 * (docs/decisions/072-providers-in-the-back-office.md): checked per protocol before they are sealed
 * (docs/decisions/034-secrets-at-rest.md), and summed up without a secret for the list. Hub88's are its public
 * key, the operator's private key and the operator id (docs/decisions/066-hub88-adapter.md); Pragmatic's its
 * secret key (docs/decisions/068-pragmatic-adapter.md); the site's own protocol has none. A refusal names
 * the field, never the value.
 */

/** The settings of a provider's row, opened: its protocol and the JSON text (null: none, or unreadable). */
export interface StoredSettings {
  protocol: ProviderProtocol;
  settings: string | null;
}

/** The stored settings' fields while the protocol stays the same; none otherwise. */
function keptFields(protocol: ProviderProtocol, stored: StoredSettings): Record<string, unknown> {
  if (stored.protocol !== protocol || stored.settings === null) return {};
  try {
    const parsed: unknown = JSON.parse(stored.settings);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const refused = (field: string, reason: string, more: Record<string, unknown> = {}) =>
  new DomainError('GAME_PROVIDER_SETTINGS_INVALID', { field, reason, ...more });

/** A text field given, else the one kept; 400 when there is neither. */
function textOf(field: string, given: string | undefined, kept: Record<string, unknown>): string {
  const value = given ?? kept[field];
  if (typeof value !== 'string' || value === '') throw refused(field, 'REQUIRED');
  return value;
}

/**
 * The PEM `text` read as an RSA key of `kind` of at least HUB88_KEY_BITS_MIN bits, or
 * 400 GAME_PROVIDER_KEY_INVALID naming the field (a private key pasted as the public one too: it would be
 * read as its public half, and the field is then the wrong one).
 */
function rsaKeyOf(field: string, text: string, kind: 'public' | 'private'): KeyObject {
  const invalid = (reason: string, more: Record<string, unknown> = {}) =>
    new DomainError('GAME_PROVIDER_KEY_INVALID', { field, reason, ...more });
  if (pemKind(text) !== kind) throw invalid(kind === 'public' ? 'NOT_PUBLIC_KEY' : 'NOT_PRIVATE_KEY');
  let key: KeyObject;
  try {
    key = kind === 'public' ? createPublicKey(text) : createPrivateKey(text);
  } catch {
    // Not the parser's message: it may quote the text.
    throw invalid('UNREADABLE');
  }
  if (key.asymmetricKeyType !== 'rsa') throw invalid('NOT_RSA');
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < HUB88_KEY_BITS_MIN) throw invalid('TOO_SHORT', { bits, min: HUB88_KEY_BITS_MIN });
  return key;
}

/**
 * The settings of `protocol` to store: the fields `given`, each left out taken from those stored while the
 * protocol stays the same, checked as a whole; null for the site's own protocol. Throws the DomainError of
 * the first field refused.
 */
export function protocolSettingsOf(
  protocol: ProviderProtocol,
  given: ProviderSettingsInput,
  stored: StoredSettings,
): string | null {
  const kept = keptFields(protocol, stored);
  switch (protocol) {
    case 'native':
      return null;
    case 'hub88': {
      const operatorId = given.operatorId ?? kept.operatorId;
      if (operatorId === undefined) throw refused('operatorId', 'REQUIRED');
      if (typeof operatorId !== 'number' || !Number.isSafeInteger(operatorId) || operatorId < 1)
        throw refused('operatorId', 'NOT_POSITIVE_INTEGER');
      const hub88PublicKey = textOf('hub88PublicKey', given.hub88PublicKey, kept);
      const operatorPrivateKey = textOf('operatorPrivateKey', given.operatorPrivateKey, kept);
      rsaKeyOf('hub88PublicKey', hub88PublicKey, 'public');
      rsaKeyOf('operatorPrivateKey', operatorPrivateKey, 'private');
      const settings: Hub88Settings = { hub88PublicKey, operatorPrivateKey, operatorId };
      return JSON.stringify(settings);
    }
    case 'pragmatic': {
      const secretKey = textOf('secretKey', given.secretKey, kept);
      if (secretKey.length < PRAGMATIC_SECRET_KEY_MIN)
        throw refused('secretKey', 'TOO_SHORT', { min: PRAGMATIC_SECRET_KEY_MIN });
      const settings: PragmaticSettings = { secretKey };
      return JSON.stringify(settings);
    }
  }
}

/**
 * The first 16 hex digits of the SHA-256 of a public key's DER SubjectPublicKeyInfo; of a private key, its
 * public half's.
 */
const publicKeyFingerprint = (key: KeyObject): string =>
  createHash('sha256')
    .update((key.type === 'private' ? createPublicKey(key) : key).export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);

/**
 * What the back office is shown of a provider's settings: whether some are stored (`sealed` not null), and
 * for Hub88 the operator id and both public keys' fingerprints, when they open and read (null otherwise).
 */
export function settingsSummaryOf(
  protocol: ProviderProtocol,
  sealed: string | null,
  opened: string | null,
): AdminProviderSettings {
  const summary: AdminProviderSettings = {
    set: sealed !== null,
    operatorId: null,
    hub88KeyFingerprint: null,
    operatorKeyFingerprint: null,
  };
  if (protocol !== 'hub88' || opened === null) return summary;
  try {
    const keys = hub88KeysOf(opened);
    return {
      ...summary,
      operatorId: keys.operatorId ?? null,
      hub88KeyFingerprint: publicKeyFingerprint(keys.hub88),
      operatorKeyFingerprint: publicKeyFingerprint(keys.operator),
    };
  } catch {
    // Settings set in code that do not read: shown as set, without fingerprints.
    return summary;
  }
}
