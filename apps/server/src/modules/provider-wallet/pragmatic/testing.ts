import {
  PRAGMATIC_CONTENT_TYPE,
  PRAGMATIC_WALLET_PATH,
  type PragmaticCall,
} from '@kl/contracts/provider-pragmatic';
import { beforeAll } from 'vitest';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import type { TestApp } from '../../../test/suite.ts';
import { testWalletRepository } from '../hub88/testing.ts';
import {
  type FromOptions,
  registerTestProvider,
  sentFrom,
  type TestProvider,
  useProviderCalls,
} from '../testing.ts';
import { pragmaticHash } from './hash.ts';
import type { PragmaticSettings } from './keys.ts';

/**
 * Test helpers of the Pragmatic adapter (docs/decisions/068-pragmatic-adapter.md): a provider of protocol
 * pragmatic with a secret key of the run's, and calls as Pragmatic makes them (a form, hashed).
 */

export const PRAGMATIC_PROVIDER: TestProvider = {
  code: 'pragmatic',
  name: 'Pragmatic Play',
  secret: 'pragmatic-native-key-signs-nothing-0123',
};

/** The secret key Pragmatic and the site share in the tests. */
export const PRAGMATIC_TEST_SECRET = 'pragmatic-test-secret-key';

/** Registers `provider`, speaking Pragmatic's protocol with `secretKey`. */
export async function registerPragmaticProvider(
  db: Db,
  clock: Clock,
  provider: TestProvider = PRAGMATIC_PROVIDER,
  secretKey = PRAGMATIC_TEST_SECRET,
): Promise<void> {
  await registerTestProvider(db, clock, provider);
  const settings: PragmaticSettings = { secretKey };
  await testWalletRepository(db).saveProtocol(
    'kimlong',
    provider.code,
    { protocol: 'pragmatic', settings: JSON.stringify(settings) },
    clock(),
  );
}

/** Pragmatic's parameters of a call, by name. */
export type PragmaticParameters = Record<string, string>;

/** How a test request departs from one Pragmatic hashes with the shared key (and where it comes from). */
export interface PragmaticSendOptions extends FromOptions {
  /** Hashed with another key. */
  secretKey?: string;
  /** This hash instead of the parameters' (null: none). */
  hash?: string | null;
  /** Another provider code in the path. */
  providerCode?: string;
  contentType?: string;
}

/** Pragmatic's answer as a test reads it: the HTTP status and the JSON body. */
export interface PragmaticTestAnswer {
  httpStatus: number;
  body: Record<string, unknown>;
}

/**
 * A call as Pragmatic makes it on the suite's app, to PRAGMATIC_PROVIDER unless `options` names another
 * provider: `parameters` as a form, hashed with the test key unless `options` says otherwise (or
 * `parameters` as the raw body when text).
 */
export async function sendPragmatic(
  t: Pick<TestApp, 'app'>,
  call: PragmaticCall,
  parameters: PragmaticParameters | string,
  options: PragmaticSendOptions = {},
): Promise<PragmaticTestAnswer> {
  let payload = parameters;
  if (typeof parameters !== 'string') {
    const form = new URLSearchParams(parameters);
    const hash =
      options.hash === undefined
        ? pragmaticHash(new Map(Object.entries(parameters)), options.secretKey ?? PRAGMATIC_TEST_SECRET)
        : options.hash;
    if (hash !== null) form.set('hash', hash);
    payload = form.toString();
  }
  const response = await t.app.inject(
    sentFrom(
      {
        method: 'POST' as const,
        url: `${PRAGMATIC_WALLET_PATH}/${options.providerCode ?? PRAGMATIC_PROVIDER.code}/${call}.html`,
        headers: { 'content-type': options.contentType ?? PRAGMATIC_CONTENT_TYPE },
        payload,
      },
      options,
    ),
  );
  return { httpStatus: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

/**
 * The Pragmatic provider of a suite, registered before its tests beside the site's test provider (whose
 * kit, `useProviderCalls`, issues the launch tokens), and calls as Pragmatic makes them on the suite's app.
 */
export function usePragmaticCalls(t: TestApp) {
  const native = useProviderCalls(t);
  beforeAll(async () => {
    await registerPragmaticProvider(t.database.current.db, t.time.clock);
  });

  /** The call with `parameters` as a form, hashed (or `parameters` as the raw body when text). */
  const send = (
    call: PragmaticCall,
    parameters: PragmaticParameters | string,
    options: PragmaticSendOptions = {},
  ): Promise<PragmaticTestAnswer> => sendPragmatic(t, call, parameters, options);

  /** A member with `funds` đồng, and a launch token of a game at the Pragmatic provider (not yet exchanged). */
  const player = (funds: number) => native.launch(funds, PRAGMATIC_PROVIDER);

  /** `player`, whose game Pragmatic opened: the token exchanged (its authenticate answered). */
  async function playing(funds: number) {
    const launched = await player(funds);
    const answer = await send('authenticate', { providerId: 'PragmaticPlay', token: launched.token });
    if (answer.body.error !== 0) throw new Error(`authenticate: ${JSON.stringify(answer.body)}`);
    return launched;
  }

  return {
    send,
    player,
    playing,
    native,
    get service() {
      return native.service;
    },
    get gameId() {
      return native.gameId;
    },
  };
}
