import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../platform/clock.ts';
import {
  certificatesAreX509,
  createFirebaseTestKey,
  firebaseClaims,
  firebaseToken,
  signToken,
  TEST_FIREBASE_PROJECT,
  testKeySource,
} from '../../test/firebase.ts';
import { FirebaseKeysUnavailableError } from './firebase-keys.ts';
import { type FirebaseChannel, FirebaseTokenError, verifyFirebaseIdToken } from './firebase-token.ts';

const NOW = new Date('2030-03-01T08:00:00.000Z');
const key = createFirebaseTestKey('key-one');
const otherKey = createFirebaseTestKey('key-two');
const keys = testKeySource([key, otherKey]);

const verify = (token: string, channel: FirebaseChannel = 'google', now = NOW) =>
  verifyFirebaseIdToken(token, {
    projectId: TEST_FIREBASE_PROJECT,
    channel,
    keySource: keys.source,
    now,
  });

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FirebaseTokenError) return error.reason;
    throw error;
  }
  throw new Error('the token was accepted');
}

const seconds = (date: Date, deltaMs = 0) => Math.floor((date.getTime() + deltaMs) / 1000);

describe('verifyFirebaseIdToken', () => {
  it('publishes keys as X.509 certificates like Google does', () => {
    expect(certificatesAreX509).toBe(true);
    expect(new X509Certificate(key.certificate).subject).toContain('securetoken.test');
  });

  it('accepts a valid token and answers its identity', async () => {
    const token = firebaseToken(key, {
      now: NOW,
      subject: 'firebase-user-1',
      claims: { email: 'Someone@Example.com', email_verified: true },
    });
    expect(await verify(token)).toEqual({
      provider: 'google.com',
      subject: 'firebase-user-1',
      verifiedEmail: 'Someone@Example.com',
      phoneNumber: undefined,
    });
  });

  it('ignores an e-mail the provider did not verify; reads the phone number of a phone token', async () => {
    const unverified = firebaseToken(key, {
      now: NOW,
      provider: 'facebook.com',
      claims: { email: 'someone@example.com', email_verified: false },
    });
    expect((await verify(unverified, 'facebook')).verifiedEmail).toBeUndefined();
    const phone = firebaseToken(key, {
      now: NOW,
      provider: 'phone',
      claims: { phone_number: '+84912345678' },
    });
    expect(await verify(phone, 'sms')).toMatchObject({ provider: 'phone', phoneNumber: '+84912345678' });
  });

  it('allows 5 minutes of clock skew, not more', async () => {
    const justExpired = { exp: seconds(NOW, -4 * MINUTE_MS) };
    expect(await verify(firebaseToken(key, { now: NOW, claims: justExpired }))).toBeDefined();
    const slightlyAhead = { iat: seconds(NOW, 4 * MINUTE_MS), auth_time: seconds(NOW, 4 * MINUTE_MS) };
    expect(await verify(firebaseToken(key, { now: NOW, claims: slightlyAhead }))).toBeDefined();

    const expired = { exp: seconds(NOW, -6 * MINUTE_MS) };
    expect(await reasonOf(verify(firebaseToken(key, { now: NOW, claims: expired })))).toBe('TOKEN_EXPIRED');
    const ahead = { iat: seconds(NOW, 6 * MINUTE_MS) };
    expect(await reasonOf(verify(firebaseToken(key, { now: NOW, claims: ahead })))).toBe('ISSUED_IN_FUTURE');
    const authAhead = { auth_time: seconds(NOW, 6 * MINUTE_MS) };
    expect(await reasonOf(verify(firebaseToken(key, { now: NOW, claims: authAhead })))).toBe(
      'AUTH_TIME_INVALID',
    );
  });

  it.each<[string, Parameters<typeof firebaseToken>[1], string]>([
    ['another audience', { now: NOW, claims: { aud: 'other-project' } }, 'AUDIENCE_INVALID'],
    ['an audience list', { now: NOW, claims: { aud: [TEST_FIREBASE_PROJECT] } }, 'AUDIENCE_INVALID'],
    [
      'another issuer',
      { now: NOW, claims: { iss: 'https://securetoken.google.com/other-project' } },
      'ISSUER_INVALID',
    ],
    [
      'an accounts.google.com issuer',
      { now: NOW, claims: { iss: 'https://accounts.google.com' } },
      'ISSUER_INVALID',
    ],
    ['an empty subject', { now: NOW, claims: { sub: '' } }, 'SUBJECT_INVALID'],
    ['a subject over 128 characters', { now: NOW, claims: { sub: 'u'.repeat(129) } }, 'SUBJECT_INVALID'],
    ['a numeric subject', { now: NOW, claims: { sub: 12345 } }, 'SUBJECT_INVALID'],
    ['another sign-in provider', { now: NOW, provider: 'facebook.com' }, 'PROVIDER_MISMATCH'],
    ['no sign-in provider', { now: NOW, claims: { firebase: {} } }, 'PROVIDER_MISMATCH'],
    ['exp missing', { now: NOW, claims: { exp: undefined } }, 'TOKEN_MALFORMED'],
    ['exp as text', { now: NOW, claims: { exp: String(seconds(NOW, 60_000)) } }, 'TOKEN_MALFORMED'],
    ['auth_time missing', { now: NOW, claims: { auth_time: undefined } }, 'TOKEN_MALFORMED'],
    ['an unknown key id', { now: NOW, header: { kid: 'not-a-key' } }, 'KEY_UNKNOWN'],
    ['no key id', { now: NOW, header: { kid: undefined } }, 'KEY_UNKNOWN'],
    ['alg RS512', { now: NOW, header: { alg: 'RS512' } }, 'ALGORITHM_INVALID'],
    ['alg none', { now: NOW, header: { alg: 'none' } }, 'ALGORITHM_INVALID'],
  ])('refuses %s', async (_name, options, reason) => {
    expect(await reasonOf(verify(firebaseToken(key, options)))).toBe(reason);
  });

  it('asks the key source again, once, for an unknown key id', async () => {
    const before = keys.calls.length;
    await reasonOf(verify(firebaseToken(key, { now: NOW, header: { kid: 'rotated-key' } })));
    expect(keys.calls.slice(before)).toEqual([{ refresh: false }, { refresh: true }]);
  });

  it('refuses a signature of another key under a known key id', async () => {
    const forged = signToken(otherKey, { alg: 'RS256', kid: key.kid }, firebaseClaims({ now: NOW }));
    expect(await reasonOf(verify(forged))).toBe('SIGNATURE_INVALID');
  });

  it('refuses changed claims under the original signature', async () => {
    const [header, , signature] = firebaseToken(key, { now: NOW }).split('.');
    const claims = Buffer.from(
      JSON.stringify(firebaseClaims({ now: NOW, subject: 'someone-else' })),
    ).toString('base64url');
    expect(await reasonOf(verify(`${header}.${claims}.${signature}`))).toBe('SIGNATURE_INVALID');
  });

  it('refuses unsigned and HMAC tokens (alg none, HS256 keyed with the certificate)', async () => {
    const claims = Buffer.from(JSON.stringify(firebaseClaims({ now: NOW }))).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid: key.kid })).toString('base64url');
    expect(await reasonOf(verify(`${none}.${claims}.`))).toBe('TOKEN_MALFORMED');
    expect(await reasonOf(verify(`${none}.${claims}`))).toBe('TOKEN_MALFORMED');
    const { createHmac } = await import('node:crypto');
    const hs = Buffer.from(JSON.stringify({ alg: 'HS256', kid: key.kid })).toString('base64url');
    const mac = createHmac('sha256', key.certificate).update(`${hs}.${claims}`).digest('base64url');
    expect(await reasonOf(verify(`${hs}.${claims}.${mac}`))).toBe('ALGORITHM_INVALID');
  });

  it.each([
    ['empty', ''],
    ['one part', 'abc'],
    ['four parts', 'a.b.c.d'],
    ['not base64url', 'ab+c.de/f.ghi'],
    ['not JSON', `${Buffer.from('nope').toString('base64url')}.e30.c2ln`],
    ['a JSON array header', `${Buffer.from('[1]').toString('base64url')}.e30.c2ln`],
  ])('refuses a malformed token (%s)', async (_name, token) => {
    expect(await reasonOf(verify(token))).toBe('TOKEN_MALFORMED');
  });

  it('lets the key source failure through (the caller answers 503)', async () => {
    keys.setFailing(true);
    try {
      await expect(verify(firebaseToken(key, { now: NOW }))).rejects.toBeInstanceOf(
        FirebaseKeysUnavailableError,
      );
    } finally {
      keys.setFailing(false);
    }
  });
});
