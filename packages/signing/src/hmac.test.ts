import { describe, expect, it } from 'vitest';
import { hmacHex, refuseSigned } from './hmac.ts';

describe('the signatures shared with outside parties', () => {
  it('is HMAC-SHA256 in hex (RFC 4231, test case 2), of the parts joined by dots', () => {
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(hmacHex('key', '1700000000', 'bet', '{}')).toBe(hmacHex('key', '1700000000.bet.{}'));
  });

  const now = new Date(1_700_000_000_000);
  const signed = (secret: string, timestamp: string) => ({
    secret: 'shared-secret',
    timestamp,
    signature: hmacHex(secret, timestamp, 'win', '{"amount":1}'),
    parts: ['win', '{"amount":1}'],
  });

  it('accepts the signer’s signature, in its window when one is given', () => {
    expect(refuseSigned(signed('shared-secret', '1700000000'))).toBeUndefined();
    const window = { seconds: 300, now };
    expect(refuseSigned({ ...signed('shared-secret', '1699999750'), window })).toBeUndefined();
    expect(refuseSigned({ ...signed('shared-secret', '1699999000'), window })).toBe('STALE_TIMESTAMP');
  });

  it('refuses another key, another message, and what is not a signature before comparing', () => {
    expect(refuseSigned(signed('another-secret', '1700000000'))).toBe('BAD_SIGNATURE');
    expect(refuseSigned({ ...signed('shared-secret', '1700000000'), parts: ['win', '{"amount":2}'] })).toBe(
      'BAD_SIGNATURE',
    );
    const good = signed('shared-secret', '1700000000');
    expect(refuseSigned({ ...good, signature: undefined })).toBe('MISSING_SIGNATURE');
    expect(refuseSigned({ ...good, signature: good.signature.slice(2) })).toBe('MISSING_SIGNATURE');
    expect(refuseSigned({ ...good, timestamp: '17e8' })).toBe('MISSING_SIGNATURE');
    // A forged timestamp outside the window is a bad signature first: the window is checked after it.
    expect(refuseSigned({ ...good, timestamp: '1', window: { seconds: 300, now } })).toBe('BAD_SIGNATURE');
  });
});
