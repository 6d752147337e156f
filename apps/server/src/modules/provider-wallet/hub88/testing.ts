import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { HUB88_SIGNATURE_HEADER, HUB88_WALLET_PATH, type Hub88Call } from '@kl/contracts/provider-hub88';
import { beforeAll } from 'vitest';
import type { Clock } from '../../../platform/clock.ts';
import { DEVELOPMENT_SECRET_KEYS } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import type { TestApp } from '../../../test/suite.ts';
import { createProviderWalletRepository } from '../repository.ts';
import {
  type FromOptions,
  registerTestProvider,
  sentFrom,
  type TestProvider,
  useProviderCalls,
} from '../testing.ts';
import { signRsaSha256, verifyRsaSha256 } from '@kl/signing/rsa';
import type { Hub88Settings } from './keys.ts';

/**
 * Test helpers of the Hub88 adapter (docs/decisions/066-hub88-adapter.md): a provider of protocol hub88 with
 * key pairs made for the run (Hub88's and the operator's), and calls as Hub88 signs them.
 */

export interface KeyPair {
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** The private key as PEM (what the settings hold). */
  privatePem: string;
  publicPem: string;
}

/** A 2048-bit RSA key pair, as Hub88's examples make them (`openssl genrsa 2048`). */
export function rsaKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey,
    privateKey,
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export const HUB88_PROVIDER: TestProvider = {
  code: 'hub88',
  name: 'Hub88',
  secret: 'hub88-native-key-signs-nothing-0123456789',
};

/** The Hub88 keys of a provider: Hub88's and the operator's pairs. */
export interface Hub88TestKeys {
  hub88: KeyPair;
  operator: KeyPair;
}

/**
 * The provider wallet's repository as the test app builds it (its keys sealed under the development key),
 * for what no call changes: a provider's protocol, its switch.
 */
export const testWalletRepository = (db: Db) =>
  createProviderWalletRepository(db, createSecretBox(DEVELOPMENT_SECRET_KEYS));

/**
 * Switches a registered provider to Hub88's protocol: Hub88's public key checks its requests, the
 * operator's private key signs the answers.
 */
export async function switchToHub88(db: Db, clock: Clock, code: string, keys: Hub88TestKeys): Promise<void> {
  const settings: Hub88Settings = {
    hub88PublicKey: keys.hub88.publicPem,
    operatorPrivateKey: keys.operator.privatePem,
  };
  await testWalletRepository(db).saveProtocol(
    'kimlong',
    code,
    { protocol: 'hub88', settings: JSON.stringify(settings) },
    clock(),
  );
}

/** Registers `provider`, speaking Hub88's protocol with `keys`. */
export async function registerHub88Provider(
  db: Db,
  clock: Clock,
  keys: Hub88TestKeys,
  provider: TestProvider = HUB88_PROVIDER,
): Promise<void> {
  await registerTestProvider(db, clock, provider);
  await switchToHub88(db, clock, provider.code, keys);
}

/** Hub88's answer as a test reads it: the HTTP status, the body, and whether the operator signed it. */
export interface Hub88TestAnswer {
  httpStatus: number;
  body: Record<string, unknown>;
  /** True when `X-Hub88-Signature` is the operator's signature of the body as sent. */
  signedByOperator: boolean;
}

/** How a test request departs from one Hub88 signs (and where it comes from). */
export interface Hub88SendOptions extends FromOptions {
  /** Signed with another key than Hub88's. */
  signWith?: KeyObject;
  /** This header instead of a signature (null: none). */
  signature?: string | null;
  /** Another provider code in the path. */
  providerCode?: string;
}

/**
 * A call as Hub88 makes it on the suite's app with `keys`, to HUB88_PROVIDER unless `options` names another
 * provider: the body signed with Hub88's private key unless `options` says otherwise.
 */
export async function sendHub88(
  t: Pick<TestApp, 'app'>,
  keys: Hub88TestKeys,
  call: Hub88Call,
  body: unknown,
  options: Hub88SendOptions = {},
): Promise<Hub88TestAnswer> {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? signRsaSha256(options.signWith ?? keys.hub88.privateKey, rawBody)
      : options.signature;
  const response = await t.app.inject(
    sentFrom(
      {
        method: 'POST' as const,
        url: `${HUB88_WALLET_PATH}/${options.providerCode ?? HUB88_PROVIDER.code}/${call}`,
        headers: {
          'content-type': 'application/json',
          ...(signature !== null && { [HUB88_SIGNATURE_HEADER]: signature }),
        },
        payload: rawBody,
      },
      options,
    ),
  );
  const answerSignature = response.headers[HUB88_SIGNATURE_HEADER];
  return {
    httpStatus: response.statusCode,
    body: JSON.parse(response.body) as Record<string, unknown>,
    signedByOperator:
      typeof answerSignature === 'string' &&
      verifyRsaSha256(keys.operator.publicKey, response.body, answerSignature),
  };
}

/**
 * The Hub88 provider of a suite, registered before its tests beside the site's test provider (whose kit,
 * `useProviderCalls`, issues the launch tokens), and calls as Hub88 makes them on the suite's app.
 */
export function useHub88Calls(t: TestApp) {
  const native = useProviderCalls(t);
  const keys: Hub88TestKeys = { hub88: rsaKeyPair(), operator: rsaKeyPair() };
  beforeAll(async () => {
    await registerHub88Provider(t.database.current.db, t.time.clock, keys);
  });

  const send = (call: Hub88Call, body: unknown, options: Hub88SendOptions = {}): Promise<Hub88TestAnswer> =>
    sendHub88(t, keys, call, body, options);

  /** A member with `funds` đồng, and a launch token of a game at the Hub88 provider (not yet exchanged). */
  const player = (funds: number) => native.launch(funds, HUB88_PROVIDER);

  return {
    send,
    player,
    keys,
    /** The site's own protocol's kit (its test provider, its signed calls). */
    native,
    get service() {
      return native.service;
    },
    get gameId() {
      return native.gameId;
    },
  };
}
