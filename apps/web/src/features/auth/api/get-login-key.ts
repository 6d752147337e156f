import { accountsCalls } from '@kl/contracts/accounts';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { importLoginKey } from '../../../shared/lib/login-crypto.ts';

export interface ServerLoginKey {
  keyId: string;
  publicKey: CryptoKey;
}

let cached: Promise<ServerLoginKey> | null = null;

/** GET login-key: the server's RSA-OAEP public key, fetched once per page and kept in memory. */
export function getLoginKey({ fresh = false }: { fresh?: boolean } = {}): Promise<ServerLoginKey> {
  if (fresh || cached === null) {
    const pending = (async () => {
      const key = await apiCall(accountsCalls.loginKey);
      return { keyId: key.keyId, publicKey: await importLoginKey(key) };
    })();
    cached = pending;
    // A failed fetch is not kept: the next call asks again.
    pending.catch(() => {
      if (cached === pending) cached = null;
    });
  }
  return cached;
}

/** Forgets the cached key (tests). */
export function resetLoginKeyCache(): void {
  cached = null;
}
