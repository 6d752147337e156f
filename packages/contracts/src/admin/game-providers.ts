import { z } from 'zod';
import type { ApiTable } from '../api-call.ts';
import { PROVIDER_CODE_PATTERN } from '../provider-wallet.ts';
import { parseUrl } from '../url.ts';
import type { AdminCallRule } from './calls.ts';

/**
 * The game providers registered for the merchant, set up in the back office (docs/back-office.md, "Game
 * providers"; docs/decisions/050-game-providers-in-the-back-office.md): added with a first key the server
 * makes, renamed, given their API address, switched on or off, and their signing key rotated with an
 * overlap during which the previous key is still accepted. A key is answered once, by the call that made
 * it; every other answer names a key by its fingerprint only. A provider's calls may be limited to the
 * addresses of its servers (docs/decisions/069-provider-address-allow-list.md). Its protocol, the protocol's
 * settings (written, never answered) and its report address are set here too
 * (docs/decisions/072-providers-in-the-back-office.md).
 */

/** How long the previous key stays accepted after a rotation. */
export const PROVIDER_KEY_OVERLAPS = ['1h', '24h', '7d'] as const;
export type ProviderKeyOverlap = (typeof PROVIDER_KEY_OVERLAPS)[number];
export const DEFAULT_PROVIDER_KEY_OVERLAP: ProviderKeyOverlap = '24h';
export const PROVIDER_KEY_OVERLAP_MS: Readonly<Record<ProviderKeyOverlap, number>> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
};

/**
 * What becomes of a provider's round still open this long after its first stake
 * (docs/decisions/064-open-provider-rounds.md): `settle` ends it as it stands (its stakes then count toward
 * turnover; a win that comes later is still paid into it), `void` gives its stakes back and ends it
 * cancelled (a round that already paid a win is settled instead: a win is not taken back).
 */
export const OPEN_ROUND_ACTIONS = ['settle', 'void'] as const;
export type OpenRoundAction = (typeof OPEN_ROUND_ACTIONS)[number];
export const DEFAULT_OPEN_ROUND_ACTION: OpenRoundAction = 'settle';
/** Hours after its first stake; a sports book's bets wait for their matches, up to 30 days. */
export const OPEN_ROUND_HOURS_MIN = 1;
export const OPEN_ROUND_HOURS_MAX = 720;
export const DEFAULT_OPEN_ROUND_HOURS = 24;
const openRoundHours = z.number().int().min(OPEN_ROUND_HOURS_MIN).max(OPEN_ROUND_HOURS_MAX);

/** The longest API address taken. */
export const PROVIDER_ENDPOINT_MAX = 300;
export const PROVIDER_NAME_MAX = 100;

/**
 * Whether `value` is an address the site may call a provider at: an absolute http or https URL with a host
 * and no user name or password in it (the list shows it to every owner).
 */
export function isProviderEndpoint(value: string): boolean {
  const url = value.length > PROVIDER_ENDPOINT_MAX ? undefined : parseUrl(value);
  return (
    url !== undefined &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** The most entries a provider's allowed addresses hold. */
export const PROVIDER_ALLOWED_ADDRESSES_MAX = 32;

/** An IPv4 address's byte in dotted decimal, without a leading zero (which some readers take as octal). */
const IPV4_BYTE = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${IPV4_BYTE}(?:\\.${IPV4_BYTE}){3}$`);

/**
 * Whether `entry` is one entry of a provider's allowed addresses
 * (docs/decisions/069-provider-address-allow-list.md): an IPv4 address in dotted decimal (`203.0.113.10`),
 * an IPv6 address without a zone (`2001:db8::10`), or either as a CIDR block (`203.0.113.0/24`,
 * `2001:db8::/32`). A block of every address (`/0`) is refused: it is no list. The IPv6 address is read by
 * the URL parser every runtime has, as a bracketed host.
 */
export function isProviderAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const bits = IPV4.test(address)
    ? 32
    : /^[0-9a-f:.]+$/i.test(address) && address.includes(':') && parseUrl(`http://[${address}]/`)
      ? 128
      : 0;
  if (bits === 0) return false;
  return prefix === undefined || (/^[1-9]\d{0,2}$/.test(prefix) && Number(prefix) <= bits);
}

/**
 * The addresses a provider's calls may come from, one address or CIDR block each (`isProviderAddress`,
 * checked by the server: a bad one is 400 GAME_PROVIDER_ADDRESS_INVALID naming it); empty: any address.
 * Blank entries are dropped.
 */
const providerAddresses = z
  .array(z.string().trim().max(100))
  .max(PROVIDER_ALLOWED_ADDRESSES_MAX)
  .transform((entries) => entries.filter((entry) => entry !== ''));

export const gameProviderCode = z.string().regex(PROVIDER_CODE_PATTERN);
const providerName = z.string().trim().min(1).max(PROVIDER_NAME_MAX);
/**
 * The provider's API address, or null when it has none; empty text is none. Checked by the server
 * (`isProviderEndpoint`): a bad one is 400 GAME_PROVIDER_ENDPOINT_INVALID.
 */
const providerEndpoint = z
  .string()
  .trim()
  .nullable()
  .transform((value) => (value === '' ? null : value));

/** Who set the current key: the environment at start, or an operator here (then the environment no longer does). */
export const PROVIDER_KEY_ORIGINS = ['environment', 'back_office'] as const;

/**
 * The wallet protocol a provider speaks: the site's own (`native`: HMAC-signed JSON, refusals as HTTP 4xx)
 * or a provider's published one, through its adapter: Hub88's Operator Wallet API
 * (docs/decisions/066-hub88-adapter.md), Pragmatic Play's Seamless Wallet API
 * (docs/decisions/068-pragmatic-adapter.md).
 */
export const PROVIDER_PROTOCOLS = ['native', 'hub88', 'pragmatic'] as const;
export type ProviderProtocol = (typeof PROVIDER_PROTOCOLS)[number];
export type ProviderKeyOrigin = (typeof PROVIDER_KEY_ORIGINS)[number];

/**
 * The protocols whose providers need an API address: the site calls Hub88's operator API (the launch, free
 * rounds) and sends players to Pragmatic's game server (docs/decisions/071-sandbox-pragmatic.md). A provider
 * of the site's own protocol may have none.
 */
export const PROTOCOLS_WITH_ENDPOINT: readonly ProviderProtocol[] = ['hub88', 'pragmatic'];

/** The longest PEM key taken (a 4096-bit private key in PKCS#8 is about 3,300 characters). */
export const PROVIDER_PEM_MAX = 10_000;
/** The fewest bits of a Hub88 RSA key (Hub88's examples make 2048-bit keys). */
export const HUB88_KEY_BITS_MIN = 2048;
/** The shortest and longest Pragmatic secret key taken. */
export const PRAGMATIC_SECRET_KEY_MIN = 16;
export const PRAGMATIC_SECRET_KEY_MAX = 200;

/** The kind of a PEM key by its armour: a public key (SPKI or PKCS#1), a private one, or neither. */
export function pemKind(text: string): 'public' | 'private' | undefined {
  const match =
    /^-----BEGIN ((?:RSA )?(?:PUBLIC|PRIVATE) KEY)-----\r?\n[A-Za-z0-9+/=\s]+-----END \1-----$/.exec(
      text.trim(),
    );
  if (!match) return undefined;
  return match[1]?.endsWith('PUBLIC KEY') ? 'public' : 'private';
}

/**
 * What the back office is shown of a provider's protocol settings (sealed in `game_provider.protocol_settings`,
 * docs/decisions/034-secrets-at-rest.md): whether they are set, and for Hub88 what is not secret — the
 * operator id and both public keys by fingerprint (the first 16 hex digits of the SHA-256 of the key's DER
 * SubjectPublicKeyInfo; the operator's is the public half of its private key, what the operator gave Hub88).
 * Never a key: the settings are written, not read back.
 */
export const adminProviderSettings = z.object({
  set: z.boolean(),
  operatorId: z.number().int().nullable(),
  hub88KeyFingerprint: z.string().nullable(),
  operatorKeyFingerprint: z.string().nullable(),
});
export type AdminProviderSettings = z.infer<typeof adminProviderSettings>;

/** A text field of the settings: trimmed, empty text left out. */
const settingText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.trim() || undefined)
    .optional();

/**
 * A provider's protocol settings as an owner writes them: Hub88's operator id, Hub88's public key and the
 * operator's private key (PEM; docs/decisions/066-hub88-adapter.md), or Pragmatic's secret key
 * (docs/decisions/068-pragmatic-adapter.md); a field of another protocol is not read. A field left out (or
 * empty) keeps what is stored while the protocol stays the same. Checked by the server: a field missing, an
 * operator id that is not a whole number above 0 or a secret key shorter than 16 characters is
 * 400 GAME_PROVIDER_SETTINGS_INVALID, a key that is not an RSA key of 2048 bits or more
 * 400 GAME_PROVIDER_KEY_INVALID, each naming the field.
 */
export const providerSettingsInput = z.object({
  operatorId: z.number().optional(),
  hub88PublicKey: settingText(PROVIDER_PEM_MAX),
  operatorPrivateKey: settingText(PROVIDER_PEM_MAX),
  secretKey: settingText(PRAGMATIC_SECRET_KEY_MAX),
});
export type ProviderSettingsInput = z.output<typeof providerSettingsInput>;

/** A provider as the back office lists it: never a key, only fingerprints. */
export const adminProvider = z.object({
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  endpoint: z.string().nullable(),
  /**
   * The first 16 hex digits of the SHA-256 of the current key (what the provider can compute to check it
   * holds the same key); null when the key does not open under SECRET_KEYS (rotate it).
   */
  keyFingerprint: z.string().nullable(),
  keyCreatedAt: z.iso.datetime(),
  keyOrigin: z.enum(PROVIDER_KEY_ORIGINS),
  /** The previous key while it is still accepted, and until when; null otherwise. */
  previousKeyFingerprint: z.string().nullable(),
  previousKeyUntil: z.iso.datetime().nullable(),
  openRoundAction: z.enum(OPEN_ROUND_ACTIONS),
  openRoundHours: z.number().int(),
  /** The addresses and CIDR blocks its calls may come from; empty: any address. */
  allowedAddresses: z.array(z.string()),
  /** The wallet protocol it speaks, and what may be shown of its settings. */
  protocol: z.enum(PROVIDER_PROTOCOLS),
  settings: adminProviderSettings,
  /** Where it answers its signed daily report (docs/decisions/070-provider-replay-window.md); null: none. */
  reportUrl: z.string().nullable(),
});
export type AdminProvider = z.infer<typeof adminProvider>;
export const adminProviderList = z.object({ list: z.array(adminProvider) });
export type AdminProviderList = z.infer<typeof adminProviderList>;

export const providerParams = z.object({ code: gameProviderCode });

export const createProviderRequest = z.object({
  code: gameProviderCode,
  name: providerName,
  endpoint: providerEndpoint.default(null),
  openRoundAction: z.enum(OPEN_ROUND_ACTIONS).default(DEFAULT_OPEN_ROUND_ACTION),
  openRoundHours: openRoundHours.default(DEFAULT_OPEN_ROUND_HOURS),
  allowedAddresses: providerAddresses.default([]),
  protocol: z.enum(PROVIDER_PROTOCOLS).default('native'),
  settings: providerSettingsInput.default({}),
  /** An http(s) URL as the API address is (400 GAME_PROVIDER_REPORT_URL_INVALID), or null. */
  reportUrl: providerEndpoint.default(null),
});
export type CreateProviderRequest = z.input<typeof createProviderRequest>;

/**
 * The open-round policy, the allowed addresses, the protocol, its settings and the report address are kept as
 * they are when left out; settings given apply to the protocol given (or kept), each field left out kept while
 * the protocol stays the same.
 */
export const updateProviderRequest = z.object({
  name: providerName,
  endpoint: providerEndpoint,
  openRoundAction: z.enum(OPEN_ROUND_ACTIONS).optional(),
  openRoundHours: openRoundHours.optional(),
  allowedAddresses: providerAddresses.optional(),
  protocol: z.enum(PROVIDER_PROTOCOLS).optional(),
  settings: providerSettingsInput.optional(),
  reportUrl: providerEndpoint.optional(),
});
export type UpdateProviderRequest = z.input<typeof updateProviderRequest>;

export const setProviderEnabledRequest = z.object({ enabled: z.boolean() });

export const rotateProviderKeyRequest = z.object({
  overlap: z.enum(PROVIDER_KEY_OVERLAPS).default(DEFAULT_PROVIDER_KEY_OVERLAP),
});
export type RotateProviderKeyRequest = z.input<typeof rotateProviderKeyRequest>;

/** The one answer that carries a key: the provider as it now is, and its new key, shown once. */
export const issuedProviderKey = z.object({ provider: adminProvider, key: z.string() });
export type IssuedProviderKey = z.infer<typeof issuedProviderKey>;

export const adminGameProvidersCalls = {
  adminProviderRegistry: {
    method: 'GET',
    path: '/api/admin/game-providers/registry',
    moduleId: 'ADMIN',
    response: adminProviderList,
  },
  adminCreateProvider: {
    method: 'POST',
    path: '/api/admin/game-providers',
    moduleId: 'ADMIN',
    body: createProviderRequest,
    response: issuedProviderKey,
  },
  adminUpdateProvider: {
    method: 'PUT',
    path: '/api/admin/game-providers/:code',
    moduleId: 'ADMIN',
    params: providerParams,
    body: updateProviderRequest,
    response: adminProvider,
  },
  adminSetProviderEnabled: {
    method: 'PUT',
    path: '/api/admin/game-providers/:code/enabled',
    moduleId: 'ADMIN',
    params: providerParams,
    body: setProviderEnabledRequest,
    response: adminProvider,
  },
  adminRotateProviderKey: {
    method: 'POST',
    path: '/api/admin/game-providers/:code/key',
    moduleId: 'ADMIN',
    params: providerParams,
    body: rotateProviderKeyRequest,
    response: issuedProviderKey,
  },
  adminEndProviderKeyOverlap: {
    method: 'DELETE',
    path: '/api/admin/game-providers/:code/previous-key',
    moduleId: 'ADMIN',
    params: providerParams,
    response: adminProvider,
  },
} as const satisfies ApiTable;

/**
 * The owners' area (operators): a provider's key signs the stakes and wins of members' money, so whoever
 * is shown one could pay wins; the content operators who edit the catalogue (games) do not get it. A
 * read-only owner sees the list.
 */
export const adminGameProvidersRules: Record<keyof typeof adminGameProvidersCalls, AdminCallRule> = {
  adminProviderRegistry: { area: 'operators', access: 'read' },
  adminCreateProvider: { area: 'operators', access: 'write' },
  adminUpdateProvider: { area: 'operators', access: 'write' },
  adminSetProviderEnabled: { area: 'operators', access: 'write' },
  adminRotateProviderKey: { area: 'operators', access: 'write' },
  adminEndProviderKeyOverlap: { area: 'operators', access: 'write' },
};
