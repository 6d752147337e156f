import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets kept in the database encrypted under a key held outside it (docs/decisions/034-secrets-at-rest.md):
 * envelope encryption over node:crypto. Each value gets a random 256-bit data key; the value is encrypted
 * with it (AES-256-GCM) and the data key is wrapped (AES-256-GCM) with a key-encryption key of the
 * configuration (SECRET_KEYS), whose id is written beside the ciphertext:
 *
 *   sb1.<key id>.<wrap iv ‖ wrapped data key ‖ tag>.<iv>.<ciphertext ‖ tag>      (base64url parts)
 *
 * The value is bound to where it lives (the associated data names the column and the row, e.g.
 * `operator.totp_secret:<id>`): a ciphertext copied into another row does not open. A value without the
 * `sb1.` prefix was written before encryption and is read as it is until `npm run secrets:rotate`.
 */

export const SECRET_BOX_VERSION = 'sb1';
/** A key id: short, lowercase letters, digits and -, written in every value sealed under the key. */
export const SECRET_KEY_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,15}$/;
export const SECRET_KEY_ID_RULE = '1 to 16 of a-z, 0-9 and -, starting with a letter or digit';
/** Key-encryption keys and data keys are AES-256 keys. */
export const SECRET_KEY_BYTES = 32;

const IV_BYTES = 12;
const TAG_BYTES = 16;
const CIPHER = 'aes-256-gcm';
const PREFIX = `${SECRET_BOX_VERSION}.`;
/** Base64url lengths: the wrapped data key (iv, key, tag: 60 bytes) and the data's iv (12 bytes). */
const WRAPPED_LENGTH = ((IV_BYTES + SECRET_KEY_BYTES + TAG_BYTES) / 3) * 4;
const IV_LENGTH = (IV_BYTES / 3) * 4;
const SEALED = new RegExp(
  `^${SECRET_BOX_VERSION}\\.([a-z0-9][a-z0-9-]{0,15})\\.([A-Za-z0-9_-]{${WRAPPED_LENGTH}})` +
    `\\.([A-Za-z0-9_-]{${IV_LENGTH}})\\.([A-Za-z0-9_-]{22,})$`,
);

/** The bytes of each key, out of the object: a logged or serialised configuration shows the ids only. */
const MATERIAL = new WeakMap<SecretKey, Buffer>();

/** A key-encryption key of the configuration: its id, and 32 bytes nobody reads back. */
export class SecretKey {
  constructor(
    readonly id: string,
    material: Uint8Array,
  ) {
    if (!SECRET_KEY_ID_PATTERN.test(id)) throw new Error(`a secret key id must be ${SECRET_KEY_ID_RULE}`);
    if (material.length !== SECRET_KEY_BYTES)
      throw new Error(`a secret key must be ${SECRET_KEY_BYTES} bytes`);
    MATERIAL.set(this, Buffer.from(material));
  }
}

function materialOf(key: SecretKey): Buffer {
  const material = MATERIAL.get(key);
  if (!material) throw new Error(`secret key ${key.id} has no material`);
  return material;
}

/** Whether two keys are the same bytes (whatever their ids). */
export function sameSecretKey(left: SecretKey, right: SecretKey): boolean {
  return timingSafeEqual(materialOf(left), materialOf(right));
}

/**
 * SECRET_KEYS read: comma-separated `<key id>:<base64 of 32 bytes>`, the first encrypting. The problems
 * name entries by their place, never by their value.
 */
export function parseSecretKeys(text: string): { keys: SecretKey[] } | { problems: string[] } {
  const problems: string[] = [];
  const keys: SecretKey[] = [];
  text.split(',').forEach((raw, index) => {
    const entry = raw.trim();
    const place = `entry ${index + 1}`;
    const colon = entry.indexOf(':');
    if (colon < 0) {
      problems.push(`${place} must be <key id>:<base64 of ${SECRET_KEY_BYTES} bytes>`);
      return;
    }
    const id = entry.slice(0, colon);
    const encoded = entry.slice(colon + 1);
    if (!SECRET_KEY_ID_PATTERN.test(id)) {
      problems.push(`${place}: the key id must be ${SECRET_KEY_ID_RULE}`);
      return;
    }
    const material = /^[A-Za-z0-9+/_-]{43}=?$/.test(encoded) ? Buffer.from(encoded, 'base64') : undefined;
    if (material?.length !== SECRET_KEY_BYTES) {
      problems.push(`${place}: the key must be ${SECRET_KEY_BYTES} bytes in base64 (44 characters)`);
      return;
    }
    const earlier = keys.findIndex((key) => key.id === id);
    if (earlier >= 0) {
      problems.push(`${place} repeats the key id of entry ${earlier + 1}`);
      return;
    }
    keys.push(new SecretKey(id, material));
  });
  return problems.length > 0 ? { problems } : { keys };
}

/** A stored secret that cannot be opened: under a key not configured, malformed, or altered or moved. */
export class SecretBoxError extends Error {
  constructor(
    message: string,
    /** The key id the value names, when it names one. */
    readonly keyId?: string,
  ) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  /** The key new values are sealed under (the first of SECRET_KEYS). */
  readonly currentKeyId: string;
  /** The value sealed under the current key, bound to `context` (the column and row it is stored in). */
  seal(plaintext: string, context: string): string;
  /** The value of a stored one of `context`; a legacy plaintext value as it is. Throws SecretBoxError. */
  open(stored: string, context: string): string;
  /** The key a stored value is sealed under; undefined for a legacy plaintext value. */
  keyIdOf(stored: string): string | undefined;
}

const isSealed = (stored: string) => stored.startsWith(PREFIX);

function encrypt(key: Buffer, plaintext: Buffer, associated: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** Throws when the tag does not match (wrong key, altered bytes, other associated data). */
function decrypt(key: Buffer, iv: Buffer, sealed: Buffer, associated: string): Buffer {
  const decipher = createDecipheriv(CIPHER, key, iv);
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** What the wrapped data key and the data are bound to. */
const wrapContext = (keyId: string) => `${PREFIX}${keyId}`;
const dataContext = (keyId: string, context: string) => `${PREFIX}${keyId}.${context}`;

/** The box of a configuration's keys: the first seals, every one opens. */
export function createSecretBox(keys: readonly SecretKey[]): SecretBox {
  const [current] = keys;
  if (!current) throw new Error('a secret box needs at least one key');
  const byId = new Map(keys.map((key) => [key.id, materialOf(key)]));
  const currentKey = materialOf(current);
  const held = keys.map((key) => key.id).join(', ');

  const checkContext = (context: string) => {
    if (context === '') throw new Error('a sealed secret needs the context it is stored in');
  };

  return {
    currentKeyId: current.id,

    seal(plaintext, context) {
      checkContext(context);
      const dataKey = randomBytes(SECRET_KEY_BYTES);
      try {
        const wrapped = encrypt(currentKey, dataKey, wrapContext(current.id));
        const sealed = encrypt(dataKey, Buffer.from(plaintext, 'utf8'), dataContext(current.id, context));
        return [
          SECRET_BOX_VERSION,
          current.id,
          wrapped.toString('base64url'),
          sealed.subarray(0, IV_BYTES).toString('base64url'),
          sealed.subarray(IV_BYTES).toString('base64url'),
        ].join('.');
      } finally {
        dataKey.fill(0);
      }
    },

    open(stored, context) {
      checkContext(context);
      if (!isSealed(stored)) return stored;
      const match = SEALED.exec(stored);
      if (!match) throw new SecretBoxError(`the sealed secret of ${context} is malformed`);
      const [, keyId = '', wrappedText = '', ivText = '', bodyText = ''] = match;
      const key = byId.get(keyId);
      if (!key) {
        throw new SecretBoxError(
          `the secret of ${context} is sealed under key ${keyId}, which SECRET_KEYS does not hold ` +
            `(it holds ${held}): add that key back to SECRET_KEYS`,
          keyId,
        );
      }
      const wrapped = Buffer.from(wrappedText, 'base64url');
      let dataKey: Buffer | undefined;
      try {
        dataKey = decrypt(key, wrapped.subarray(0, IV_BYTES), wrapped.subarray(IV_BYTES), wrapContext(keyId));
        const iv = Buffer.from(ivText, 'base64url');
        const body = Buffer.from(bodyText, 'base64url');
        return decrypt(dataKey, iv, body, dataContext(keyId, context)).toString('utf8');
      } catch {
        throw new SecretBoxError(
          `the secret of ${context} does not open under key ${keyId}: it was altered, or copied from ` +
            'another row, or the key of that id is not the one it was sealed with',
          keyId,
        );
      } finally {
        dataKey?.fill(0);
      }
    },

    keyIdOf(stored) {
      if (!isSealed(stored)) return undefined;
      const match = SEALED.exec(stored);
      if (!match) throw new SecretBoxError('a sealed secret is malformed');
      return match[1];
    },
  };
}

/**
 * `open` remembered by stored value and context, for secrets read on every call (a provider's signing
 * key): each stored value is decrypted once per process. At most `limit` values are kept; a rotated value
 * is another entry, and the oldest entries go first.
 */
export function createOpenCache(box: SecretBox, limit = 256): (stored: string, context: string) => string {
  const opened = new Map<string, string>();
  return (stored, context) => {
    const entry = `${context}\n${stored}`;
    const known = opened.get(entry);
    if (known !== undefined) return known;
    const plaintext = box.open(stored, context);
    if (opened.size >= limit) {
      const oldest = opened.keys().next();
      if (!oldest.done) opened.delete(oldest.value);
    }
    opened.set(entry, plaintext);
    return plaintext;
  };
}
