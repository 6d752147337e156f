import type { LoginKey } from '@kl/contracts/accounts';
import { generateLoginKeyPair, openEncryptedBody, randomToken } from '../../platform/crypto.ts';
import { DomainError } from '../../platform/errors.ts';
import type { LoginKeyRepository } from './repository.ts';

interface KeyPair {
  keyId: string;
  spki: string;
  privateKeyPem: string;
}

/**
 * The RSA-OAEP key pair that wraps the login payload's AES key. Generated once and kept in the database
 * so that every process answers with, and opens with, the same keys; cached in memory.
 */
export function createLoginKeyService(deps: { loginKeys: LoginKeyRepository }) {
  const byId = new Map<string, KeyPair>();
  let current: Promise<KeyPair> | undefined;

  const remember = (row: { id: string; publicKeySpki: string; privateKeyPem: string }): KeyPair => {
    const pair = { keyId: row.id, spki: row.publicKeySpki, privateKeyPem: row.privateKeyPem };
    byId.set(pair.keyId, pair);
    return pair;
  };

  async function loadCurrent(): Promise<KeyPair> {
    const existing = await deps.loginKeys.newest();
    if (existing) return remember(existing);
    const generated = await generateLoginKeyPair();
    await deps.loginKeys.insert({
      id: randomToken(12),
      publicKeySpki: generated.spki,
      privateKeyPem: generated.privateKeyPem,
    });
    const stored = await deps.loginKeys.newest();
    if (!stored) throw new Error('login_key insert did not persist');
    return remember(stored);
  }

  async function find(keyId: string): Promise<KeyPair | undefined> {
    const cached = byId.get(keyId);
    if (cached) return cached;
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(keyId)) return undefined;
    const row = await deps.loginKeys.findById(keyId);
    return row ? remember(row) : undefined;
  }

  return {
    async publicKey(): Promise<LoginKey> {
      current ??= loadCurrent().catch((error: unknown) => {
        current = undefined;
        throw error;
      });
      const pair = await current;
      return { keyId: pair.keyId, algorithm: 'RSA-OAEP-256', spki: pair.spki };
    },

    /**
     * Opens an encrypted body with the key named by the `x-login-key` header (`<keyId>.<base64 wrapped
     * key>`) and parses its JSON. INVALID_INPUT with value.reason LOGIN_KEY_MISSING, LOGIN_KEY_UNKNOWN
     * (the client fetches the key again) or UNDECRYPTABLE.
     */
    async open(header: string | undefined, body: { iv: string; ciphertext: string }): Promise<unknown> {
      const separator = header?.indexOf('.') ?? -1;
      if (!header || separator <= 0 || separator === header.length - 1) {
        throw new DomainError('INVALID_INPUT', { reason: 'LOGIN_KEY_MISSING' });
      }
      const pair = await find(header.slice(0, separator));
      if (!pair) throw new DomainError('INVALID_INPUT', { reason: 'LOGIN_KEY_UNKNOWN' });
      const plain = openEncryptedBody(pair.privateKeyPem, header.slice(separator + 1), body);
      if (plain === undefined) throw new DomainError('INVALID_INPUT', { reason: 'UNDECRYPTABLE' });
      try {
        return JSON.parse(plain) as unknown;
      } catch {
        throw new DomainError('INVALID_INPUT', { reason: 'UNDECRYPTABLE' });
      }
    },
  };
}

export type LoginKeyService = ReturnType<typeof createLoginKeyService>;
