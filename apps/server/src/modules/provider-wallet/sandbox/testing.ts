import type { ApiEntry } from '@kl/contracts/api-call';
import { API } from '@kl/contracts/api-paths';
import type { GameRecords } from '@kl/contracts/game-records';
import { GAME_CLIENT_TYPE } from '@kl/contracts/games';
import {
  SANDBOX_PROVIDER_CODE,
  type SandboxSession,
  sandboxProviderCalls,
} from '@kl/contracts/sandbox-provider';
import { buildSandboxesApp } from '@kl/sandboxes/app';
import { openProviderDatabase, type ProviderDatabase } from '@kl/sandboxes/platform/db';
import { createSandboxProviderModule, type SandboxProviderModule } from '@kl/sandboxes/provider/index';
import type { PassTimers } from '@kl/sandboxes/provider/scheduler';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Clock } from '../../../platform/clock.ts';
import {
  DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
  DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
  DEVELOPMENT_SECRET_KEYS,
} from '../../../platform/config.ts';
import type { Db } from '../../../platform/db.ts';
import { createSecretBox } from '../../../platform/secret-box.ts';
import { call } from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import type { MemberCaller, TestApp } from '../../../test/suite.ts';
import { createGameRecordsModule } from '../../game-records/index.ts';
import { createWalletModule } from '../../wallet/index.ts';
import {
  createProviderWalletModule,
  createProviderWalletRepository,
  type ProviderWalletService,
  sandboxProviderReportUrl,
} from '../index.ts';

/**
 * Test helpers of the sandbox provider (apps/sandboxes, docs/decisions/036-sandboxes-process.md) against
 * the site: the operator's launch, and the game client's calls to the provider's app.
 */

/** The operator's provider wallet on the database, as the app builds it: tests issue launch tokens with it. */
export function operatorWallet(db: Db, clock: Clock) {
  const wallet = createWalletModule({ db, clock });
  const gameRecords = createGameRecordsModule({
    db,
    clock,
    onSettled: (round, tx) => wallet.wageringRules.roundSettled(round, tx),
  });
  return createProviderWalletModule({
    db,
    clock,
    config: { merchantCode: 'kimlong' },
    secrets: createSecretBox(DEVELOPMENT_SECRET_KEYS),
    ledgerService: wallet.ledgerService,
    gameRecordsService: gameRecords.gameRecordsService,
  }).providerWalletService;
}

/** The member's game record of a provider round, as the site lists it (undefined when there is none). */
export async function gameRecordOf(app: FastifyInstance, caller: MemberCaller, roundId: string) {
  const records = json<{ value: GameRecords }>(await call(app, API.gameRecords, caller)).value;
  return records.list.find((record) => record.roundId === roundId);
}

export interface ClientAnswer<T = Record<string, unknown>> {
  status: number;
  success: boolean;
  code?: string;
  value: T;
}

/** A call of the provider's game client with its session id as the bearer. */
export async function clientCall<T = Record<string, unknown>>(
  app: FastifyInstance,
  entry: ApiEntry,
  sessionId: string | undefined,
  options: { payload?: object; query?: Record<string, string> } = {},
): Promise<ClientAnswer<T>> {
  const response = await app.inject({
    method: entry.method,
    url: entry.path,
    headers: {
      'accept-language': 'en',
      ...(sessionId !== undefined && { authorization: `Bearer ${sessionId}` }),
    },
    ...(options.query && { query: options.query }),
    ...(options.payload && { payload: options.payload }),
  });
  const body = JSON.parse(response.body) as { success: boolean; code?: string; value: T };
  return {
    status: response.statusCode,
    success: body.success,
    ...(body.code !== undefined && { code: body.code }),
    value: body.value,
  };
}

type WalletOptions = Parameters<typeof createSandboxProviderModule>[0]['walletOptions'];

/** A member launched at the provider: the operator's member and the provider's answer to the launch. */
export interface LaunchedMember {
  memberId: string;
  caller: MemberCaller;
  opened: ClientAnswer<SandboxSession>;
}

export interface SandboxProviderHarness {
  /** The operator's provider wallet on the suite's database. */
  readonly operator: ProviderWalletService;
  /** The provider of the suite, calling the wallet of the suite's app. */
  readonly provider: SandboxProviderModule;
  /** The sandboxes app serving that provider's API (its game client's calls go there). */
  readonly app: FastifyInstance;
  /** The provider's own database. */
  readonly db: ProviderDatabase['db'];
  /** The site's address, where the provider calls its wallet. */
  readonly walletUrl: string;
  /** The provider's address (the sandboxes app listens on a loopback port: its report is fetched there). */
  readonly providerUrl: string;
  /** The game the operator launches at the provider. */
  readonly gameId: string;
  /** Another instance of the provider on the same database, as a restarted process would be. */
  sandboxProvider(walletOptions?: WalletOptions, timers?: PassTimers): SandboxProviderModule;
  /**
   * An instance of the provider whose process dies as soon as the wallet has taken its call to `action`
   * (the answer never read, no retry).
   */
  dyingAfter(action: 'bet' | 'win' | 'credit'): SandboxProviderModule;
  /** A member with `funds`, launched at the provider (its session opened with the launch token). */
  launch(funds: number): Promise<LaunchedMember>;
  /** `launch`, the session opened (200): the provider's session id too. */
  player(funds: number): Promise<LaunchedMember & { sessionId: string }>;
  /** The member's launch of the suite's game at the site (200): the address the member is sent to. */
  siteLaunch(caller: MemberCaller): Promise<URL>;
  /** The game client opening its session with the token of its address. */
  open(token: string): Promise<ClientAnswer<SandboxSession>>;
  /**
   * The provider `code` moved to `apiUrl`: the site registered it at start at the configured address, and
   * the suite's sandboxes app listens on a port of its own.
   */
  moveProvider(code: string, apiUrl: string): Promise<void>;
}

/**
 * The sandbox provider of a suite (inside a test or hook): before the tests the site's app listens on a
 * loopback port (which also registers the provider at the wallet, its onReady hook), and the sandboxes
 * app serves a provider on a database of its own (in memory) that calls the site's wallet there, over
 * HTTP, without waiting between its attempts. `launchableGame` finds the game members are launched at
 * (the provider wallet's test kit has one).
 */
export function useSandboxProvider(
  t: TestApp,
  launchableGame: (db: Db) => Promise<string>,
): SandboxProviderHarness {
  let walletUrl = '';
  let providerUrl = '';
  let database: ProviderDatabase | undefined;
  let state:
    | {
        operator: ProviderWalletService;
        provider: SandboxProviderModule;
        app: FastifyInstance;
        gameId: string;
      }
    | undefined;
  const current = () => {
    if (!state) throw new Error('The sandbox provider is not set up yet (use it inside a test or hook)');
    return state;
  };

  function sandboxProvider(walletOptions?: WalletOptions, timers?: PassTimers) {
    if (!database) throw new Error('The sandbox provider is not set up yet (use it inside a test or hook)');
    return createSandboxProviderModule({
      db: database.db,
      clock: t.time.clock,
      secret: DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
      walletUrl: () => walletUrl,
      walletOptions: { backoffMs: () => 0, ...walletOptions },
      ...(timers && { timers }),
    });
  }

  beforeAll(async () => {
    walletUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    database = await openProviderDatabase({});
    const provider = sandboxProvider();
    const app = await buildSandboxesApp({
      config: {
        siteUrl: walletUrl,
        paymentCallbackSecret: DEVELOPMENT_PAYMENT_CALLBACK_SECRET,
        logLevel: 'silent',
      },
      clock: t.time.clock,
      logger: false,
      provider,
    });
    providerUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    // Its report where this sandbox answers it, as the start registers it at its address (decision 070).
    await createProviderWalletRepository(
      t.database.current.db,
      createSecretBox(DEVELOPMENT_SECRET_KEYS),
    ).updateProvider(
      'kimlong',
      SANDBOX_PROVIDER_CODE,
      { reportUrl: sandboxProviderReportUrl(providerUrl, SANDBOX_PROVIDER_CODE) ?? null },
      t.time.clock(),
    );
    state = {
      operator: operatorWallet(t.database.current.db, t.time.clock),
      provider,
      app,
      gameId: await launchableGame(t.database.current.db),
    };
  });
  afterAll(async () => {
    await state?.app.close();
    await database?.close();
  });

  async function launch(funds: number): Promise<LaunchedMember> {
    const { row, caller } = await t.newMember();
    await t.fund(row.id, funds);
    const { token } = await current().operator.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: SANDBOX_PROVIDER_CODE,
      gameId: current().gameId,
    });
    const opened = await clientCall<SandboxSession>(
      current().app,
      sandboxProviderCalls.sandboxProviderOpenSession,
      undefined,
      {
        payload: { token },
      },
    );
    return { memberId: row.id, caller, opened };
  }

  return {
    get operator() {
      return current().operator;
    },
    get provider() {
      return current().provider;
    },
    get gameId() {
      return current().gameId;
    },
    get app() {
      return current().app;
    },
    get db() {
      if (!database) throw new Error('The sandbox provider is not set up yet (use it inside a test or hook)');
      return database.db;
    },
    get walletUrl() {
      return walletUrl;
    },
    get providerUrl() {
      return providerUrl;
    },
    sandboxProvider,
    dyingAfter: (action) =>
      sandboxProvider({
        attempts: 1,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          if (String(input).endsWith(`/${action}`)) throw new Error('the process died');
          return response;
        },
      }),
    launch,
    async siteLaunch(caller) {
      const response = await call(t.app, API.launchGame, caller, {
        payload: { gameId: current().gameId, language: 'EN', clientType: GAME_CLIENT_TYPE },
      });
      expect(response.statusCode, response.body).toBe(200);
      return new URL(json<{ value: { url: string } }>(response).value.url);
    },
    open: (token) =>
      clientCall<SandboxSession>(current().app, sandboxProviderCalls.sandboxProviderOpenSession, undefined, {
        payload: { token },
      }),
    async moveProvider(code, apiUrl) {
      await createProviderWalletRepository(
        t.database.current.db,
        createSecretBox(DEVELOPMENT_SECRET_KEYS),
      ).updateProvider('kimlong', code, { apiUrl }, t.time.clock());
    },
    async player(funds) {
      const launched = await launch(funds);
      expect(launched.opened.status, JSON.stringify(launched.opened.value)).toBe(200);
      return { ...launched, sessionId: launched.opened.value.sessionId };
    },
  };
}
