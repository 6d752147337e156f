import { randomUUID } from 'node:crypto';
import { API, successEnvelope } from '@kl/contracts';
import { type WalletBalance, walletBalance } from '@kl/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { merchant, promotion } from '../db/schema/index.ts';
import { createLedgerRepository, createLedgerService } from '../modules/wallet/index.ts';
import { createTestMember, sessionOf } from '../modules/wallet/testing.ts';
import type { DatabaseKind } from '../platform/db.ts';
import { call, type Caller, freshIp, sessionCookieOf, testClock } from './accounts.ts';
import { buildTestApp, json, testConfig } from './app.ts';
import { payAtGateway } from './gateway.ts';
import { useTestDatabase } from './databases.ts';

/**
 * The setting of a suite that calls the API (docs/conventions.md, "Tests"): the seeded database of the
 * suite, a clock the test moves, and the app built on both before the tests and closed after them.
 */

type TestAppOptions = NonNullable<Parameters<typeof buildTestApp>[1]>;

/** A member's browser with a session. */
export type MemberCaller = Caller & { cookie: string };

export interface TestApp {
  readonly database: ReturnType<typeof useTestDatabase>;
  readonly time: ReturnType<typeof testClock>;
  /** The app of the suite (inside a test or hook). */
  readonly app: FastifyInstance;
  /** A member made in the database (a real member, type 0, unless told otherwise), logged in. */
  newMember(
    overrides?: Parameters<typeof createTestMember>[1],
  ): Promise<{ row: Awaited<ReturnType<typeof createTestMember>>; caller: MemberCaller }>;
  /** Credits the member's wallet directly through the ledger, as a deposit. */
  fund(memberId: string, amount: number): Promise<void>;
  /** Deposits as the member does (an order paid at the sandbox gateway); then the clock moves on by `pauseMs`. */
  deposit(caller: Caller, amount: number, pauseMs?: number): Promise<void>;
  /** The member pays (or declines) a pending order of theirs at the sandbox gateway. */
  settleAtGateway(caller: Caller, orderId: string, outcome?: 'paid' | 'failed'): Promise<void>;
  /** The member's wallet as the API answers it. */
  walletOf(caller: Caller): Promise<WalletBalance>;
  /** Changes the seeded merchant's settings. */
  setMerchant(change: Partial<typeof merchant.$inferInsert>): Promise<unknown>;
}

/** The ids of the seeded promotions by their code, read before the suite's tests. */
export function usePromotionIds(database: TestApp['database']): Record<string, number> {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    for (const row of await database.current.db.select().from(promotion)) ids[row.code] = row.id;
  });
  return ids;
}

/** Declares the suite's database, clock and app; the clock is passed to the app unless `options` has one. */
export function useTestApp(kind: DatabaseKind, options: Omit<TestAppOptions, 'clock'> = {}): TestApp {
  const database = useTestDatabase(kind);
  const time = testClock();
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(database.current, { clock: time.clock, ...options });
  });
  afterAll(() => app?.close());
  /** The key the suite's app shares with the payment gateway. */
  const gatewaySecret = () => {
    const secret = testConfig(options.config).paymentCallbackSecret;
    if (secret === undefined) throw new Error('The suite has no payment callback secret');
    return secret;
  };

  const current = () => {
    if (!app) throw new Error('The test app is not built yet (use it inside a test or hook)');
    return app;
  };
  return {
    database,
    time,
    get app() {
      return current();
    },
    async newMember(overrides = {}) {
      const row = await createTestMember(database.current.db, overrides);
      const cookie = await sessionOf(database.current.db, row, time.clock);
      return { row, caller: { ip: freshIp(), cookie } };
    },
    async fund(memberId, amount) {
      const ledger = createLedgerService({
        db: database.current.db,
        ledger: createLedgerRepository(database.current.db),
        clock: time.clock,
      });
      await ledger.post({
        merchantCode: 'kimlong',
        memberId,
        idempotencyKey: `test-deposit:${randomUUID()}`,
        kind: 'deposit',
        amount: BigInt(amount),
      });
    },
    async deposit(caller, amount, pauseMs = 0) {
      const order = await call(current(), API.createDepositOrder, caller, {
        payload: { channelCode: 'bank-transfer', amount },
      });
      expect(order.statusCode, order.body).toBe(200);
      const { payUrl } = json<{ value: { payUrl: string } }>(order).value;
      const paid = await payAtGateway(current(), payUrl, { secret: gatewaySecret(), clock: time.clock });
      expect(paid.status, paid.body).toBe(303);
      time.advance(pauseMs);
    },
    async settleAtGateway(caller, orderId, outcome) {
      const order = json<{ value: { payUrl: string } }>(
        await call(current(), API.depositOrder, caller, { query: { orderId } }),
      ).value;
      const paid = await payAtGateway(current(), order.payUrl, {
        secret: gatewaySecret(),
        clock: time.clock,
        outcome,
      });
      expect(paid.status, paid.body).toBe(303);
    },
    walletOf: async (caller) =>
      successEnvelope(walletBalance).parse(json(await call(current(), API.wallet, caller))).value,
    setMerchant: (change) =>
      database.current.db.update(merchant).set(change).where(eq(merchant.code, 'kimlong')),
  };
}

/** A suite's test app with a trial member's session. */
export interface TrialMemberApp extends TestApp {
  /** The session cookie of a trial member, logged in before the suite's tests (inside a test or hook). */
  readonly cookie: string;
}

/** `useTestApp`, and a trial member logged in (`API.trialLogin`) once the app is built. */
export function useTrialMemberApp(kind: DatabaseKind): TrialMemberApp {
  const t = useTestApp(kind);
  let cookie: string | undefined;
  beforeAll(async () => {
    await t.app.ready();
    cookie = sessionCookieOf(await call(t.app, API.trialLogin, { ip: freshIp() })) ?? '';
  });
  return Object.defineProperty(t, 'cookie', {
    get() {
      if (cookie === undefined)
        throw new Error('The trial member is not logged in yet (use it inside a test or hook)');
      return cookie;
    },
  }) as TrialMemberApp;
}
