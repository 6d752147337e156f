import { createPublicKey, type KeyObject, verify as verifySignature } from 'node:crypto';
import type { IdentityProvider } from '../../db/schema/index.ts';
import { MINUTE_MS } from '../../platform/clock.ts';
import type { FirebaseKeySource } from './firebase-keys.ts';

/**
 * Checks a Firebase ID token as Firebase documents it ("Verify ID tokens using a third-party JWT
 * library"): header alg RS256 with the kid of one of Google's current keys, a valid RS256 signature,
 * exp in the future, iat and auth_time in the past, aud the project id, iss
 * `https://securetoken.google.com/<project id>`, sub a non-empty string of at most 128 characters.
 * We also require the sign-in provider of the login's channel.
 */

export type FirebaseChannel = 'google' | 'facebook' | 'sms';

/** The `firebase.sign_in_provider` each login channel expects. */
export const PROVIDER_OF_CHANNEL: Record<FirebaseChannel, IdentityProvider> = {
  google: 'google.com',
  facebook: 'facebook.com',
  sms: 'phone',
};

/** Clock skew allowed on exp, iat and auth_time. */
export const FIREBASE_CLOCK_SKEW_MS = 5 * MINUTE_MS;
export const FIREBASE_ISSUER_PREFIX = 'https://securetoken.google.com/';
const MAX_SUBJECT_LENGTH = 128;

export type FirebaseTokenFailure =
  | 'TOKEN_MALFORMED'
  | 'ALGORITHM_INVALID'
  | 'KEY_UNKNOWN'
  | 'SIGNATURE_INVALID'
  | 'TOKEN_EXPIRED'
  | 'ISSUED_IN_FUTURE'
  | 'AUTH_TIME_INVALID'
  | 'AUDIENCE_INVALID'
  | 'ISSUER_INVALID'
  | 'SUBJECT_INVALID'
  | 'PROVIDER_MISMATCH';

/** The token is not a valid ID token of this project and channel; `reason` says which rule failed. */
export class FirebaseTokenError extends Error {
  constructor(readonly reason: FirebaseTokenFailure) {
    super(`Firebase ID token refused: ${reason}`);
    this.name = 'FirebaseTokenError';
  }
}

/** What the login needs from a verified token. */
export interface FirebaseIdentity {
  provider: IdentityProvider;
  /** The Firebase user id (`sub`). */
  subject: string;
  /** Set only when the token says the e-mail was verified. */
  verifiedEmail: string | undefined;
  /** E.164 (`+84912345678`) for the phone provider. */
  phoneNumber: string | undefined;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeSegment(segment: string): Buffer {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) throw new FirebaseTokenError('TOKEN_MALFORMED');
  return Buffer.from(segment, 'base64url');
}

function decodeJsonObject(segment: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeSegment(segment).toString('utf8'));
  } catch {
    throw new FirebaseTokenError('TOKEN_MALFORMED');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new FirebaseTokenError('TOKEN_MALFORMED');
  }
  return parsed as Record<string, unknown>;
}

/** A NumericDate claim in milliseconds; the token is malformed without it. */
function secondsClaim(claims: Record<string, unknown>, name: string): number {
  const value = claims[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new FirebaseTokenError('TOKEN_MALFORMED');
  return value * 1000;
}

function rsaPublicKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    // A PEM certificate (Google's format) or a public key.
    key = createPublicKey(pem);
  } catch {
    throw new FirebaseTokenError('KEY_UNKNOWN');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new FirebaseTokenError('KEY_UNKNOWN');
  return key;
}

export interface VerifyFirebaseTokenOptions {
  projectId: string;
  channel: FirebaseChannel;
  keySource: FirebaseKeySource;
  now: Date;
}

/**
 * Answers the identity of a valid token; throws FirebaseTokenError for any broken rule, and lets the key
 * source's FirebaseKeysUnavailableError through when the certificates cannot be had.
 */
export async function verifyFirebaseIdToken(
  token: string,
  options: VerifyFirebaseTokenOptions,
): Promise<FirebaseIdentity> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new FirebaseTokenError('TOKEN_MALFORMED');
  const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
  const header = decodeJsonObject(headerPart);
  const claims = decodeJsonObject(payloadPart);
  const signature = decodeSegment(signaturePart);

  if (header.alg !== 'RS256') throw new FirebaseTokenError('ALGORITHM_INVALID');
  const kid = header.kid;
  if (typeof kid !== 'string' || kid === '') throw new FirebaseTokenError('KEY_UNKNOWN');
  let certificates = await options.keySource.getCertificates();
  if (!Object.hasOwn(certificates, kid)) {
    certificates = await options.keySource.getCertificates({ refresh: true });
  }
  const pem = Object.hasOwn(certificates, kid) ? certificates[kid] : undefined;
  if (pem === undefined) throw new FirebaseTokenError('KEY_UNKNOWN');
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii');
  const publicKey = rsaPublicKey(pem);
  let signatureValid: boolean;
  try {
    // RS256: RSASSA-PKCS1-v1_5 with SHA-256 (the default padding of an RSA key).
    signatureValid = verifySignature('sha256', signed, publicKey, signature);
  } catch {
    signatureValid = false;
  }
  if (!signatureValid) throw new FirebaseTokenError('SIGNATURE_INVALID');

  const now = options.now.getTime();
  if (secondsClaim(claims, 'exp') <= now - FIREBASE_CLOCK_SKEW_MS)
    throw new FirebaseTokenError('TOKEN_EXPIRED');
  if (secondsClaim(claims, 'iat') > now + FIREBASE_CLOCK_SKEW_MS) {
    throw new FirebaseTokenError('ISSUED_IN_FUTURE');
  }
  if (secondsClaim(claims, 'auth_time') > now + FIREBASE_CLOCK_SKEW_MS) {
    throw new FirebaseTokenError('AUTH_TIME_INVALID');
  }
  if (claims.aud !== options.projectId) throw new FirebaseTokenError('AUDIENCE_INVALID');
  if (claims.iss !== `${FIREBASE_ISSUER_PREFIX}${options.projectId}`) {
    throw new FirebaseTokenError('ISSUER_INVALID');
  }
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject === '' || subject.length > MAX_SUBJECT_LENGTH) {
    throw new FirebaseTokenError('SUBJECT_INVALID');
  }
  const firebase = claims.firebase;
  const provider =
    typeof firebase === 'object' && firebase !== null
      ? (firebase as Record<string, unknown>).sign_in_provider
      : undefined;
  const expected = PROVIDER_OF_CHANNEL[options.channel];
  if (provider !== expected) throw new FirebaseTokenError('PROVIDER_MISMATCH');

  return {
    provider: expected,
    subject,
    verifiedEmail:
      claims.email_verified === true && typeof claims.email === 'string' ? claims.email : undefined,
    phoneNumber: typeof claims.phone_number === 'string' ? claims.phone_number : undefined,
  };
}
