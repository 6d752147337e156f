import {
  constants,
  createDecipheriv,
  createHash,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';
import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';

/** Argon2id (the library's const enum value; const enums cannot be imported under verbatimModuleSyntax). */
const ARGON2ID = 2 as Algorithm;

/** Secrets of the accounts work: random tokens, digests, passwords and the login payload's encryption. */

/** A random token of `bytes` bytes (default 32, 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** `length` random decimal digits (SMS codes, captcha numbers). */
export function randomDigits(length: number): string {
  let digits = '';
  for (let index = 0; index < length; index += 1) digits += String(randomInt(10));
  return digits;
}

/** SHA-256 (hex) of a high-entropy secret such as a session token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/**
 * Digest of a short secret bound to the record that holds it (a captcha answer to its id, an SMS code to
 * its number), so that two equal codes never share a digest.
 */
export function scopedDigest(scope: string, secret: string): string {
  return sha256Hex(`${scope}\u0000${secret}`);
}

/** Compares two hex digests in constant time. */
export function sameDigest(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** The library's defaults, OWASP's minimum for argon2id: 19 MiB, two passes, one lane. */
const PASSWORD_HASHING = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
let passwordHashing = PASSWORD_HASHING;

/**
 * The server suites running in the test process hash with 1 MiB and one pass: still argon2id, each
 * hash reads its own parameters back, and the thousands of registrations and sign-ins of a run cost a
 * tenth of what they did (docs/decisions/031-test-suite-time.md). The processes a test starts, and
 * production, keep PASSWORD_HASHING; this refuses to run under NODE_ENV=production.
 */
export function lightenPasswordHashingForTests(): void {
  if (process.env.NODE_ENV === 'production')
    throw new Error('password hashing is never lightened in production');
  passwordHashing = { ...PASSWORD_HASHING, memoryCost: 1_024, timeCost: 1 };
}

/** argon2id (PASSWORD_HASHING); the encoded hash carries its parameters, which `verifyPassword` reads. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, passwordHashing);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so that both cases take the same time. */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomToken());
  await verifyPassword(await decoyHash, password);
  return false;
}

const generateKeyPairAsync = promisify(generateKeyPair);

export interface RsaKeyPair {
  /** base64 DER SubjectPublicKeyInfo, what Web Crypto imports with importKey('spki'). */
  spki: string;
  privateKeyPem: string;
}

/** An RSA-2048 key pair for RSA-OAEP with SHA-256. */
export async function generateLoginKeyPair(): Promise<RsaKeyPair> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicExponent: 0x10001,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { spki: publicKey.toString('base64'), privateKeyPem: privateKey };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const decodeBase64 = (value: string): Buffer | undefined =>
  value.length % 4 === 0 && BASE64.test(value) ? Buffer.from(value, 'base64') : undefined;

const GCM_TAG_BYTES = 16;
const GCM_IV_BYTES = 12;
const AES_KEY_BYTES = 32;

/**
 * Opens a body encrypted in the browser: the AES-GCM 256 key was wrapped with RSA-OAEP SHA-256 under our
 * public key; the ciphertext carries the 128-bit tag at its end (Web Crypto's layout). Answers the
 * plaintext, or undefined when anything does not decrypt or authenticate.
 */
export function openEncryptedBody(
  privateKeyPem: string,
  wrappedKeyBase64: string,
  body: { iv: string; ciphertext: string },
): string | undefined {
  const wrappedKey = decodeBase64(wrappedKeyBase64);
  const iv = decodeBase64(body.iv);
  const sealed = decodeBase64(body.ciphertext);
  if (!wrappedKey || !iv || !sealed || iv.length !== GCM_IV_BYTES || sealed.length < GCM_TAG_BYTES) {
    return undefined;
  }
  try {
    const key = privateDecrypt(
      { key: privateKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      wrappedKey,
    );
    if (key.length !== AES_KEY_BYTES) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return undefined;
  }
}
