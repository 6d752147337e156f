import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { privateKeyOf, publicKeyOf, signRsaSha256, verifyRsaSha256 } from './rsa.ts';

describe('Hub88’s RSA-SHA256 signatures of a raw body', () => {
  const pair = () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      publicKey: publicKeyOf(publicKey.export({ type: 'spki', format: 'pem' }).toString()),
      privateKey: privateKeyOf(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    };
  };
  const signer = pair();
  const body = '{"user":"john12345","request_uuid":"583c985f-fee6-4c0e-bbf5-308aad6265af"}';

  it('signs as `openssl dgst -sha256 -sign` does (PKCS#1 v1.5: the same body, the same signature), in base64', () => {
    const signature = signRsaSha256(signer.privateKey, body);
    expect(signature).toMatch(/^[A-Za-z0-9+/]{342}==$/);
    expect(signRsaSha256(signer.privateKey, body)).toBe(signature);
    expect(verifyRsaSha256(signer.publicKey, body, signature)).toBe(true);
  });

  it('refuses another key’s signature, another body, and what is not a signature', () => {
    const signature = signRsaSha256(signer.privateKey, body);
    expect(verifyRsaSha256(pair().publicKey, body, signature)).toBe(false);
    expect(verifyRsaSha256(signer.publicKey, `${body} `, signature)).toBe(false);
    for (const wrong of [undefined, '', 'not base64!', 'QUJD', signature.slice(4)])
      expect(verifyRsaSha256(signer.publicKey, body, wrong)).toBe(false);
  });
});
