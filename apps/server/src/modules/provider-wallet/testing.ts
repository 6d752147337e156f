import { API } from '@kl/contracts/api-paths';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_NONCE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  type ProviderAction,
  type ProviderAuthenticateResult,
  type ProviderStatus,
} from '@kl/contracts/provider-wallet';
import { and, eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { game } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import { DEVELOPMENT_SECRET_KEYS } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { createSecretBox, type SecretBox } from '../../platform/secret-box.ts';
import { createGameRecordsModule } from '../game-records/index.ts';
import { json } from '../../test/app.ts';
import type { TestApp } from '../../test/suite.ts';
import { checkLedger, createWalletModule } from '../wallet/index.ts';
import {
  checkProviderTransactions,
  createProviderWalletModule,
  type ProviderWalletService,
} from './index.ts';
import { newProviderNonce, signProviderRequest } from '@kl/signing/provider';
import type { WalletDeadlines } from './deadlines.ts';

/** Test helpers of the provider wallet: a registered provider, and requests signed as a provider signs them. */

export interface TestProvider {
  code: string;
  name: string;
  secret: string;
}

export const TEST_PROVIDER: TestProvider = {
  code: 'testprov',
  name: 'Test provider',
  secret: 'test-provider-secret-0123456789abcdef',
};

/** The call of each action. */
export const PROVIDER_CALLS = {
  authenticate: API.providerAuthenticate,
  balance: API.providerBalance,
  bet: API.providerBet,
  win: API.providerWin,
  rollback: API.providerRollback,
  'round-end': API.providerRoundEnd,
  credit: API.providerCredit,
} as const satisfies Record<ProviderAction, { path: string }>;

/** How a test request departs from a well-signed one. */
export interface SigningOptions {
  /** Unix seconds as text; the clock's now by default. */
  timestamp?: string;
  /** The request's nonce; a new one by default, none with null (docs/decisions/070-provider-replay-window.md). */
  nonce?: string | null;
  /** Another key than the provider's. */
  secret?: string;
  /** Signed as another action than the one called. */
  signAs?: ProviderAction;
}

/**
 * Where a test request comes from: the socket's peer (`app.inject`'s 127.0.0.1 by default) and an
 * X-Forwarded-For header, which the app reads as its TRUST_PROXY says.
 */
export interface FromOptions {
  remoteAddress?: string;
  forwardedFor?: string;
}

/** `request` for `app.inject`, sent from where `from` says. */
export const sentFrom = <R extends { headers: Record<string, string> }>(request: R, from: FromOptions) => ({
  ...request,
  ...(from.remoteAddress !== undefined && { remoteAddress: from.remoteAddress }),
  headers: {
    ...request.headers,
    ...(from.forwardedFor !== undefined && { 'x-forwarded-for': from.forwardedFor }),
  },
});

/** The request of a provider's call, signed (for `app.inject`, or `fetch` with `payload` as the body). */
export function signedRequest(
  provider: Pick<TestProvider, 'code' | 'secret'>,
  action: ProviderAction,
  body: unknown,
  now: Date,
  options: SigningOptions = {},
) {
  const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
  const timestamp = options.timestamp ?? String(Math.floor(now.getTime() / 1000));
  const nonce = options.nonce === undefined ? newProviderNonce() : options.nonce;
  const signature = signProviderRequest(
    options.secret ?? provider.secret,
    timestamp,
    nonce ?? '',
    options.signAs ?? action,
    rawBody,
  );
  return {
    method: 'POST' as const,
    url: PROVIDER_CALLS[action].path,
    headers: {
      'content-type': 'application/json',
      [PROVIDER_CODE_HEADER]: provider.code,
      [PROVIDER_TIMESTAMP_HEADER]: timestamp,
      ...(nonce !== null && { [PROVIDER_NONCE_HEADER]: nonce }),
      [PROVIDER_SIGNATURE_HEADER]: signature,
    },
    payload: rawBody,
  };
}

/**
 * The provider wallet's service on the database (as the app builds it): tests issue launch tokens with
 * it, as the launch flow will. It seals and opens the providers' keys with `secrets`: by default the
 * development key a test app holds.
 */
export function testProviderWallet(
  db: Db,
  clock: Clock,
  secrets: SecretBox = createSecretBox(DEVELOPMENT_SECRET_KEYS),
  /** The deadlines of its calls, when not the wallet's (deadlines.ts). */
  deadlines?: WalletDeadlines,
): ProviderWalletService {
  const wallet = createWalletModule({ db, clock });
  const gameRecords = createGameRecordsModule({
    db,
    clock,
    onSettled: (round, tx) => wallet.wageringRules.roundSettled(round, tx),
  });
  const { providerWalletService } = createProviderWalletModule({
    db,
    clock,
    config: { merchantCode: 'kimlong' },
    secrets,
    ledgerService: wallet.ledgerService,
    gameRecordsService: gameRecords.gameRecordsService,
    ...(deadlines && { deadlines }),
  });
  return providerWalletService;
}

/** `testProviderWallet`, with the provider registered (its key sealed under `secrets`). */
export async function registerTestProvider(
  db: Db,
  clock: Clock,
  provider: TestProvider = TEST_PROVIDER,
  secrets?: SecretBox,
): Promise<ProviderWalletService> {
  const providerWalletService = testProviderWallet(db, clock, secrets);
  await providerWalletService.saveProvider({ merchantCode: 'kimlong', ...provider });
  return providerWalletService;
}

/** A slot of the seeded catalogue that can be launched. */
export async function launchableGameId(db: Db): Promise<string> {
  const [row] = await db
    .select({ gameId: game.gameId })
    .from(game)
    .where(and(eq(game.merchantCode, 'kimlong'), eq(game.enabled, true), eq(game.gameType, 'RNG')))
    .orderBy(game.id)
    .limit(1);
  if (!row) throw new Error('the seeded catalogue has no game');
  return row.gameId;
}

/** A provider's answer as a test reads it: the HTTP status, the envelope and the provider's status. */
export interface ProviderAnswer {
  status: number;
  success: boolean;
  code?: string;
  /** The provider's status: the value's on success and on refusal alike. */
  providerStatus: ProviderStatus;
  value: Record<string, unknown>;
}

/**
 * The provider wallet of a suite: TEST_PROVIDER and `others` registered before its tests (`service`, and
 * `gameId` a slot to launch), calls as a provider makes them on the suite's app, and players launched at
 * it. Launch tokens issued are kept in `tokens`, for tests that look for them in the logs.
 */
export function useProviderCalls(t: TestApp, others: readonly TestProvider[] = []) {
  const tokens: string[] = [];
  let registered: { service: ProviderWalletService; gameId: string } | undefined;
  beforeAll(async () => {
    const { db } = t.database.current;
    const service = await registerTestProvider(db, t.time.clock);
    for (const other of others) await registerTestProvider(db, t.time.clock, other);
    registered = { service, gameId: await launchableGameId(db) };
  });
  const ready = () => {
    if (!registered) throw new Error('the provider is registered before the tests');
    return registered;
  };
  const service = () => ready().service;
  const gameId = () => ready().gameId;

  async function send(
    action: ProviderAction,
    body: unknown,
    options: SigningOptions & FromOptions & { provider?: TestProvider } = {},
  ): Promise<ProviderAnswer> {
    return sendSigned(
      signedRequest(options.provider ?? TEST_PROVIDER, action, body, t.time.clock(), options),
      options,
    );
  }

  /** A request signed already sent as it is (a copy of one sent before, say). */
  async function sendSigned(
    request: ReturnType<typeof signedRequest>,
    from: FromOptions = {},
  ): Promise<ProviderAnswer> {
    const response = await t.app.inject(sentFrom(request, from));
    const parsed = json<{ success: boolean; code?: string; value: Record<string, unknown> }>(response);
    return {
      status: response.statusCode,
      success: parsed.success,
      ...(parsed.code !== undefined && { code: parsed.code }),
      providerStatus: parsed.value.status as ProviderStatus,
      value: parsed.value,
    };
  }

  /**
   * A member with `funds` in the wallet, and a launch token of a game at the provider (not yet exchanged:
   * an adapter's tests exchange it in their provider's protocol). The funds are credited directly, or
   * deposited the member's way (`deposit`: a requirement to play them through).
   */
  async function launch(
    funds: number,
    provider: Pick<TestProvider, 'code'> = TEST_PROVIDER,
    credit: 'fund' | 'deposit' = 'fund',
  ) {
    const { row, caller } = await t.newMember();
    if (funds > 0 && credit === 'fund') await t.fund(row.id, funds);
    if (funds > 0 && credit === 'deposit') await t.deposit(caller, funds);
    const { token } = await service().issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: provider.code,
      gameId: gameId(),
    });
    tokens.push(token);
    return { memberId: row.id, caller, token };
  }

  /** `launch`, and the token exchanged in the site's protocol: the member's authenticated session. */
  async function player(
    funds: number,
    provider: TestProvider = TEST_PROVIDER,
    credit: 'fund' | 'deposit' = 'fund',
  ) {
    const { memberId, caller, token } = await launch(funds, provider, credit);
    const authenticated = await send('authenticate', { token }, { provider });
    if (authenticated.status !== 200) throw new Error(`authenticate: ${JSON.stringify(authenticated.value)}`);
    const value = authenticated.value as ProviderAuthenticateResult;
    return { memberId, caller, sessionId: value.sessionId, token };
  }

  return {
    send,
    sendSigned,
    launch,
    player,
    tokens,
    get service() {
      return service();
    },
    get gameId() {
      return gameId();
    },
  };
}

/**
 * What the ledger's check and the provider transactions' find wrong (`npm run ledger:check`): every
 * movement paired with its ledger transaction, every round with its sums. Empty when the books hold.
 */
export async function providerBookProblems(db: Db) {
  return [...(await checkLedger(db)).problems, ...(await checkProviderTransactions(db)).problems];
}
