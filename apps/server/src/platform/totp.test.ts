import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, otpauthUri, totpCode, totpStep } from './totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII of "12345678901234567890"; the 8-digit codes end in these 6.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP', () => {
  it('gives the codes of the RFC 6238 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(totpCode(RFC_SECRET, totpStep(new Date(seconds * 1000)))).toBe(code);
    }
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });

  it('accepts the code of the step before, now and after, and nothing further', () => {
    const now = new Date(1_700_000_000_000);
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now, null)).toBe(step + offset);
    }
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 2), now, null)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 2), now, null)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, '12345', now, null)).toBeUndefined();
  });

  it('never accepts a code of a step already used, nor an older one', () => {
    const now = new Date(1_700_000_000_000);
    const step = totpStep(now);
    const code = totpCode(RFC_SECRET, step);
    expect(matchTotp(RFC_SECRET, code, now, step)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step)).toBeUndefined();
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('Kim Long', 'boss', 'ABC')).toBe(
      'otpauth://totp/Kim%20Long:boss?secret=ABC&issuer=Kim+Long&algorithm=SHA1&digits=6&period=30',
    );
  });
});
