import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './base64.ts';
import { encryptPayload, importLoginKey } from './login-crypto.ts';

/** The server's side of the exchange, as the contract describes it, with a key pair made here. */
async function serverKeyPair() {
  const pair = (await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  )) as CryptoKeyPair;
  const spki = toBase64(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { pair, spki };
}

async function serverDecrypt(
  privateKey: CryptoKey,
  header: string,
  body: { iv: string; ciphertext: string },
) {
  const [keyId, wrapped = ''] = header.split('.');
  const raw = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, fromBase64(wrapped));
  const aes = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(body.iv), tagLength: 128 },
    aes,
    fromBase64(body.ciphertext),
  );
  return {
    keyId,
    rawKeyLength: raw.byteLength,
    payload: JSON.parse(new TextDecoder().decode(plain)) as unknown,
  };
}

describe('login payload encryption', () => {
  it('round-trips: the server key pair decrypts what the browser sent', async () => {
    const { pair, spki } = await serverKeyPair();
    const publicKey = await importLoginKey({ keyId: 'key-7', algorithm: 'RSA-OAEP-256', spki });
    const payload = { type: 'username', username: 'player01', password: 'pässwörd 1', captcha: '1234' };
    const { keyHeader, body } = await encryptPayload(payload, { keyId: 'key-7', publicKey });

    expect(keyHeader).toMatch(/^key-7\.[A-Za-z0-9+/]+=*$/);
    expect(fromBase64(body.iv)).toHaveLength(12);
    // JSON of the payload plus the 16-byte tag.
    expect(fromBase64(body.ciphertext).length).toBe(
      new TextEncoder().encode(JSON.stringify(payload)).length + 16,
    );
    expect(body.ciphertext).not.toContain('player01');

    const opened = await serverDecrypt(pair.privateKey, keyHeader, body);
    expect(opened).toEqual({ keyId: 'key-7', rawKeyLength: 32, payload });
  });

  it('uses a fresh key and iv every time', async () => {
    const { spki } = await serverKeyPair();
    const publicKey = await importLoginKey({ keyId: 'k', algorithm: 'RSA-OAEP-256', spki });
    const first = await encryptPayload({ a: 1 }, { keyId: 'k', publicKey });
    const second = await encryptPayload({ a: 1 }, { keyId: 'k', publicKey });
    expect(first.body.iv).not.toBe(second.body.iv);
    expect(first.keyHeader).not.toBe(second.keyHeader);
    expect(first.body.ciphertext).not.toBe(second.body.ciphertext);
  });

  it('a tampered ciphertext does not decrypt', async () => {
    const { pair, spki } = await serverKeyPair();
    const publicKey = await importLoginKey({ keyId: 'k', algorithm: 'RSA-OAEP-256', spki });
    const { keyHeader, body } = await encryptPayload({ a: 1 }, { keyId: 'k', publicKey });
    const bytes = fromBase64(body.ciphertext);
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    await expect(
      serverDecrypt(pair.privateKey, keyHeader, { ...body, ciphertext: toBase64(bytes) }),
    ).rejects.toThrow();
  });
});
