import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FirebaseCertificates, FirebaseKeySource } from '../modules/auth/index.ts';
import { FirebaseKeysUnavailableError } from '../modules/auth/index.ts';

/**
 * Helpers of the quick-login tests: an RSA key with a self-signed X.509 certificate (made by the openssl
 * command, as Google publishes certificates), Firebase-shaped ID tokens signed with it, and key sources.
 */

export const TEST_FIREBASE_PROJECT = 'kl-test-project';

/** Whether the openssl command is available to make certificates. */
function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const OPENSSL = hasOpenssl();

/** A PEM certificate of the key, self-signed; without openssl, the SPKI public key PEM instead. */
function certificateOf(privateKey: KeyObject, publicKey: KeyObject): string {
  if (!OPENSSL) return publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const folder = mkdtempSync(join(tmpdir(), 'kl-firebase-'));
  try {
    const keyFile = join(folder, 'key.pem');
    const certFile = join(folder, 'cert.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    execFileSync(
      'openssl',
      [
        'req',
        '-new',
        '-x509',
        '-key',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        '/CN=securetoken.test',
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(certFile, 'utf8');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export const certificatesAreX509 = OPENSSL;

export interface FirebaseTestKey {
  kid: string;
  /** What the key source publishes for this kid. */
  certificate: string;
  privateKey: KeyObject;
}

export function createFirebaseTestKey(kid = randomUUID().replaceAll('-', '')): FirebaseTestKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, certificate: certificateOf(privateKey, publicKey), privateKey };
}

const segment = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** A JWT with this header and these claims, RS256-signed with the key (whatever the header says). */
export function signToken(
  key: Pick<FirebaseTestKey, 'privateKey'>,
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
): string {
  const signed = `${segment(header)}.${segment(claims)}`;
  const signature = sign('sha256', Buffer.from(signed, 'ascii'), key.privateKey);
  return `${signed}.${signature.toString('base64url')}`;
}

export interface TokenOptions {
  now: Date;
  provider?: string;
  subject?: string;
  projectId?: string;
  claims?: Record<string, unknown>;
  header?: Record<string, unknown>;
}

/** The claims Firebase puts in an ID token, issued a minute before `now`, valid an hour. */
export function firebaseClaims(options: TokenOptions): Record<string, unknown> {
  const seconds = Math.floor(options.now.getTime() / 1000);
  const projectId = options.projectId ?? TEST_FIREBASE_PROJECT;
  const subject = options.subject ?? `uid${randomUUID().replaceAll('-', '')}`;
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: seconds - 120,
    user_id: subject,
    sub: subject,
    iat: seconds - 60,
    exp: seconds + 3540,
    firebase: { identities: {}, sign_in_provider: options.provider ?? 'google.com' },
    ...options.claims,
  };
}

/** A Firebase ID token signed with the key. */
export function firebaseToken(key: FirebaseTestKey, options: TokenOptions): string {
  return signToken(
    key,
    { alg: 'RS256', kid: key.kid, typ: 'JWT', ...options.header },
    firebaseClaims(options),
  );
}

/** A key source answering the given keys; it counts its calls and can be made to fail. */
export function testKeySource(keys: readonly FirebaseTestKey[]) {
  const certificates: FirebaseCertificates = Object.fromEntries(
    keys.map((key) => [key.kid, key.certificate]),
  );
  const calls: { refresh: boolean }[] = [];
  let failing = false;
  const source: FirebaseKeySource = {
    getCertificates(options = {}) {
      calls.push({ refresh: options.refresh ?? false });
      if (failing) return Promise.reject(new FirebaseKeysUnavailableError('test outage'));
      return Promise.resolve(certificates);
    },
  };
  return {
    source,
    calls,
    setFailing(value: boolean) {
      failing = value;
    },
  };
}
