import type { EncryptedBody, LoginKey } from '@kl/contracts/accounts';
import { fromBase64, toBase64 } from './base64.ts';

/**
 * Encryption of the login payload (product.md §7 "encrypted payload, key in header"): a fresh AES-GCM
 * 256-bit key and 12-byte iv encrypt the JSON of the payload (the 128-bit tag is appended to the
 * ciphertext); the raw AES key is wrapped with the server's RSA-OAEP (SHA-256) public key and sent
 * in the header `x-login-key: <keyId>.<base64>`. All through Web Crypto.
 */
export interface EncryptedRequest {
  /** Value of the `x-login-key` header. */
  keyHeader: string;
  body: EncryptedBody;
}

export async function importLoginKey(key: LoginKey): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', fromBase64(key.spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
}

export async function encryptPayload(
  payload: unknown,
  serverKey: { keyId: string; publicKey: CryptoKey },
): Promise<EncryptedRequest> {
  const aesKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const ciphertext = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, tagLength: 128 }, aesKey, plaintext);
  const rawKey = await crypto.subtle.exportKey('raw', aesKey);
  const wrapped = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, serverKey.publicKey, rawKey);
  return {
    keyHeader: `${serverKey.keyId}.${toBase64(wrapped)}`,
    body: { iv: toBase64(iv), ciphertext: toBase64(ciphertext) },
  };
}
