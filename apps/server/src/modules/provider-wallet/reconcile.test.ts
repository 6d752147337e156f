import { adminCalls } from '@kl/contracts/admin/calls';
import type { ReconciliationRun } from '@kl/contracts/provider-report';
import { SANDBOX_PROVIDER_CODE } from '@kl/contracts/sandbox-provider';
import { sandboxTableBet, sandboxWalletCall } from '@kl/sandboxes/db/schema';
import { BETTING_MS } from '@kl/sandboxes/provider/tables';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { gameRound, providerReconciliation, providerTransaction } from '../../db/schema/index.ts';
import { DAY_MS, HOUR_MS } from '../../platform/clock.ts';
import { DEVELOPMENT_SECRET_KEYS } from '../../platform/config.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { expectFailure } from '../../test/answers.ts';
import { newOperator, useBackOfficeSuite } from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import {
  createProviderReconciliation,
  createProviderWalletRepository,
  type ProviderReconciliation,
  reconcileAndPrint,
  sandboxProviderReportUrl,
} from './index.ts';
import { createReconcileScheduler } from './reconcile-scheduler.ts';
import { useSandboxProvider } from './sandbox/testing.ts';
import { launchableGameId } from './testing.ts';

/**
 * The daily reconciliation (docs/decisions/028-provider-reconciliation.md): the sandbox provider plays a
 * day over the real wallet (HTTP on a loopback port), the operator fetches its signed report of the day
 * and compares it with its provider transactions; each test plays a UTC day of its own.
 */

/** The test app's keys (testConfig): the sandbox provider's key is sealed under them. */
const secrets = createSecretBox(DEVELOPMENT_SECRET_KEYS);

describeEachDatabase('provider reconciliation', (kind) => {
  // The site fetches the report at the suite's sandboxes app (the provider's address).
  const {
    suite: t,
    request,
    value,
    auditTrail,
  } = useBackOfficeSuite(kind, {}, { sandboxProviderUrl: () => sandbox.providerUrl });
  const sandbox = useSandboxProvider(t, launchableGameId);
  let reconciliation: ProviderReconciliation;

  beforeAll(() => {
    reconciliation = createProviderReconciliation({
      clock: t.time.clock,
      merchantCode: 'kimlong',
      repo: createProviderWalletRepository(t.database.current.db, secrets),
      reportUrl: (code) => sandboxProviderReportUrl(sandbox.providerUrl, code),
    });
  });

  /**
   * A UTC day of its own: a player stakes 10,000 on a baccarat round that is settled (the bet and the win
   * of the round), then the clock moves past the day's end. Answers the day and the transaction ids.
   */
  async function playDay() {
    const now = t.time.clock().getTime();
    t.time.advance(Math.ceil(now / DAY_MS) * DAY_MS + HOUR_MS - now);
    const day = t.time.clock().toISOString().slice(0, 10);
    const { memberId, opened } = await sandbox.launch(100_000);
    const session = await sandbox.provider.sessions.resolve(`Bearer ${opened.value.sessionId}`);
    const state = await sandbox.provider.tables.state(session, 'baccarat');
    const placed = await sandbox.provider.tables.place(session, {
      game: 'baccarat',
      roundId: state.current.roundId,
      bets: [{ kind: 'banker', stake: 10_000 }],
    });
    const [bet] = await sandbox.db
      .select()
      .from(sandboxTableBet)
      .where(eq(sandboxTableBet.id, placed.bet.betId));
    if (!bet) throw new Error('the placement was not written');
    t.time.advance(BETTING_MS + 1);
    await sandbox.provider.tick();
    t.time.advance(DAY_MS);
    return {
      day,
      memberId,
      roundId: state.current.roundId,
      betId: bet.transactionId,
      winId: `win:${state.current.roundId}:${memberId}`,
    };
  }

  const operatorRow = (transactionId: string) =>
    and(
      eq(providerTransaction.providerCode, SANDBOX_PROVIDER_CODE),
      eq(providerTransaction.transactionId, transactionId),
    );
  const kindsOf = (run: ReconciliationRun) =>
    run.differences.map((difference) => [difference.kind, difference.transactionId]);

  it('finds nothing to report on a clean day, with the same totals on both sides', async () => {
    const { day } = await playDay();
    const run = await reconciliation.run(SANDBOX_PROVIDER_CODE, day, 'test');
    expect(run).toMatchObject({ day, status: 'clean', differenceCount: 0, differences: [] });
    expect(run.providerTransactions).toBe(2);
    expect(run.operatorTransactions).toBe(2);
    expect(run.totals.provider).toEqual(run.totals.operator);
    expect(run.totals.provider.bet).toEqual({ count: 1, amount: 10_000 });
  });

  it('lists an amount altered and a transaction removed at the operator, and one the provider never reported', async () => {
    const { day, betId, winId, roundId } = await playDay();
    const db = t.database.current.db;
    await db.update(providerTransaction).set({ amount: 9_000n }).where(operatorRow(betId));
    await db.delete(providerTransaction).where(operatorRow(winId));
    const run = await reconciliation.run(SANDBOX_PROVIDER_CODE, day, 'test');
    expect(run.status).toBe('differences');
    expect(kindsOf(run)).toEqual(
      expect.arrayContaining([
        ['amount_mismatch', betId],
        ['missing_at_operator', winId],
      ]),
    );
    const altered = run.differences.find((difference) => difference.kind === 'amount_mismatch');
    expect(altered).toMatchObject({
      action: 'bet',
      roundId,
      provider: { amount: 10_000, status: 'accepted' },
      operator: { amount: 9_000, status: 'accepted' },
    });

    // The provider's record of the bet lost: the operator's transaction is missing at the provider.
    const { day: next, betId: unreported } = await playDay();
    await sandbox.db.delete(sandboxWalletCall).where(eq(sandboxWalletCall.transactionId, unreported));
    const second = await reconciliation.run(SANDBOX_PROVIDER_CODE, next, 'test');
    expect(kindsOf(second)).toEqual([['missing_at_provider', unreported]]);
    expect(second.differences[0]?.operator).toEqual({ amount: 10_000, status: 'accepted' });
  });

  it('lists a bet rolled back at the operator only as a status mismatch', async () => {
    const { day, betId } = await playDay();
    await t.database.current.db
      .update(providerTransaction)
      .set({ rolledBackBy: 'rollback:elsewhere', rolledBackAt: t.time.clock() })
      .where(operatorRow(betId));
    const run = await reconciliation.run(SANDBOX_PROVIDER_CODE, day, 'test');
    expect(kindsOf(run)).toEqual([['status_mismatch', betId]]);
    expect(run.differences[0]).toMatchObject({
      provider: { status: 'accepted' },
      operator: { status: 'rolled-back' },
    });
  });

  it('stores one result per provider and day: a run again replaces it', async () => {
    const { day, betId } = await playDay();
    const db = t.database.current.db;
    await db.update(providerTransaction).set({ amount: 1_000n }).where(operatorRow(betId));
    const first = await reconciliation.run(SANDBOX_PROVIDER_CODE, day, 'test');
    expect(first.differenceCount).toBe(1);
    await db.update(providerTransaction).set({ amount: 10_000n }).where(operatorRow(betId));
    t.time.advance(60_000);
    const again = await reconciliation.run(SANDBOX_PROVIDER_CODE, day, 'again');
    expect(again).toMatchObject({ runId: first.runId, status: 'clean', differenceCount: 0, ranBy: 'again' });
    expect(Date.parse(again.ranAt)).toBeGreaterThan(Date.parse(first.ranAt));
    const stored = await db.select().from(providerReconciliation).where(eq(providerReconciliation.day, day));
    expect(stored).toHaveLength(1);
    expect(await reconciliation.get(first.runId)).toEqual(again);
    const listed = await reconciliation.list({ pageNo: 1, pageSize: 100 });
    expect(listed.list.filter((run) => run.day === day)).toHaveLength(1);
  });

  it('refuses a day not over, an unknown provider, and a request not signed with the provider’s key', async () => {
    const today = t.time.clock().toISOString().slice(0, 10);
    await expect(reconciliation.run(SANDBOX_PROVIDER_CODE, today, 'test')).rejects.toMatchObject({
      code: 'PERIOD_NOT_CLOSED',
    });
    await expect(reconciliation.run('nobody', '2020-01-01', 'test')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const unsigned = await sandbox.app.inject({
      method: 'GET',
      url: '/api/sandbox-provider/report?day=2020-01-01',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(JSON.parse(unsigned.body)).toMatchObject({ code: 'PROVIDER_SIGNATURE_INVALID' });
  });

  it('the command prints the differences and exits 1 with them, 0 on a clean day', async () => {
    const clean = await playDay();
    const altered = await playDay();
    await t.database.current.db
      .update(providerTransaction)
      .set({ amount: 5_000n })
      .where(operatorRow(altered.betId));
    const run = async (day: string) => {
      const lines: string[] = [];
      const code = await reconcileAndPrint({
        setup: { day, provider: SANDBOX_PROVIDER_CODE, url: undefined },
        db: t.database.current.db,
        secrets,
        clock: t.time.clock,
        merchantCode: 'kimlong',
        write: (line) => lines.push(line),
      });
      return { code, output: lines.join('\n') };
    };
    expect(await run(clean.day)).toMatchObject({
      code: 0,
      output: expect.stringContaining('no differences'),
    });
    // As the script does given --url: the report fetched at that address.
    const lines: string[] = [];
    const code = await reconcileAndPrint({
      setup: {
        day: clean.day,
        provider: SANDBOX_PROVIDER_CODE,
        url: sandboxProviderReportUrl(sandbox.providerUrl, SANDBOX_PROVIDER_CODE),
      },
      db: t.database.current.db,
      secrets,
      clock: t.time.clock,
      merchantCode: 'kimlong',
      write: (line) => lines.push(line),
    });
    expect(code, lines.join('\n')).toBe(0);
    const withDifferences = await run(altered.day);
    expect(withDifferences.code).toBe(1);
    expect(withDifferences.output).toContain(`amount_mismatch bet ${altered.betId}`);
  });

  it('the back office lists the runs and a run’s differences; finance runs a day by hand, audited', async () => {
    const { day, betId } = await playDay();
    await t.database.current.db.update(providerTransaction).set({ amount: 7_000n }).where(operatorRow(betId));
    const [owner, finance, risk] = [
      await newOperator(t, 'owner'),
      await newOperator(t, 'finance'),
      await newOperator(t, 'risk'),
    ];
    const payload = { providerCode: SANDBOX_PROVIDER_CODE, day };
    // Risk reads the runs, never runs one.
    expectFailure(
      await request(adminCalls.adminRunReconciliation, risk, { payload }),
      403,
      'PERMISSION_DENIED',
    );
    const run = await value(adminCalls.adminRunReconciliation, finance, { payload });
    expect(run).toMatchObject({ day, status: 'differences', ranBy: `operator:${finance.username}` });
    expect(run.differences).toEqual([
      expect.objectContaining({ kind: 'amount_mismatch', transactionId: betId }),
    ]);

    const page = await value(adminCalls.adminReconciliations, risk, {
      query: { providerCode: SANDBOX_PROVIDER_CODE, differences: 'true' },
    });
    expect(page.list.find((item) => item.runId === run.runId)).toMatchObject({ day, differenceCount: 1 });
    expect(page.list.every((item) => item.status === 'differences')).toBe(true);
    const one = await value(adminCalls.adminReconciliation, risk, { params: { runId: run.runId } });
    expect(one).toEqual(run);
    expectFailure(
      await request(adminCalls.adminReconciliation, risk, { params: { runId: 999_999_999 } }),
      404,
      'NOT_FOUND',
    );

    // Bad input is refused with the catalogue's codes, never a 500.
    expectFailure(
      await request(adminCalls.adminRunReconciliation, finance, {
        payload: { ...payload, day: '2026-02-30' },
      }),
      400,
      'INVALID_INPUT',
    );
    const today = t.time.clock().toISOString().slice(0, 10);
    expectFailure(
      await request(adminCalls.adminRunReconciliation, finance, { payload: { ...payload, day: today } }),
      409,
      'PERIOD_NOT_CLOSED',
    );
    expectFailure(
      await request(adminCalls.adminRunReconciliation, finance, { payload: { providerCode: 'nobody', day } }),
      404,
      'NOT_FOUND',
    );

    const trail = await auditTrail(owner, 'provider_reconciliation', `${SANDBOX_PROVIDER_CODE}:${day}`);
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'provider_reconciliation.run',
        operatorUsername: finance.username,
        after: { runId: run.runId, status: 'differences', differenceCount: 1 },
      }),
    ]);
  });

  it('the daily job reconciles the day before once, an hour after it ended', async () => {
    const { day } = await playDay();
    const job = createReconcileScheduler({ reconciliation, clock: t.time.clock, log: t.app.log });
    await job.tick();
    const stored = await t.database.current.db
      .select()
      .from(providerReconciliation)
      .where(eq(providerReconciliation.day, day));
    expect(stored).toEqual([expect.objectContaining({ ranBy: 'scheduler', status: 'clean' })]);
    // The next tick finds the day done and runs nothing again.
    t.time.advance(15 * 60_000);
    await job.tick();
    const again = await t.database.current.db
      .select()
      .from(providerReconciliation)
      .where(eq(providerReconciliation.day, day));
    expect(again[0]?.ranAt).toEqual(stored[0]?.ranAt);
  });

  it('fetches each provider’s report where its row says; one without an address is skipped, logged once', async () => {
    const { day } = await playDay();
    const repo = createProviderWalletRepository(t.database.current.db, secrets);
    await repo.saveProvider(
      { merchantCode: 'kimlong', code: 'noreport', name: 'No report', secret: 'n'.repeat(40), enabled: true },
      t.time.clock(),
    );
    // No address given but the rows' (the sandbox's is set as its registration sets it).
    const fromRows = createProviderReconciliation({ clock: t.time.clock, merchantCode: 'kimlong', repo });
    const logged: { line: string; fields: Record<string, unknown> }[] = [];
    const at = (fields: Record<string, unknown>, line: string) => logged.push({ line, fields });
    const log = { info: at, warn: at, error: at } as unknown as FastifyBaseLogger;
    const job = createReconcileScheduler({ reconciliation: fromRows, clock: t.time.clock, log });
    await job.tick();
    const stored = await t.database.current.db
      .select()
      .from(providerReconciliation)
      .where(
        and(
          eq(providerReconciliation.day, day),
          eq(providerReconciliation.providerCode, SANDBOX_PROVIDER_CODE),
        ),
      );
    expect(stored).toEqual([expect.objectContaining({ ranBy: 'scheduler', status: 'clean' })]);
    const skipped = () =>
      logged.filter(
        (entry) =>
          entry.line === 'provider reconciliation skipped: no report address' &&
          entry.fields.provider === 'noreport',
      );
    expect(skipped()).toEqual([expect.objectContaining({ fields: { provider: 'noreport', day } })]);
    expect(logged.filter((entry) => entry.line === 'provider reconciliation failed')).toEqual([]);
    t.time.advance(15 * 60_000);
    await job.tick();
    expect(skipped()).toHaveLength(1);
    await expect(fromRows.run('noreport', day, 'test')).rejects.toMatchObject({
      code: 'GAME_PROVIDER_UNAVAILABLE',
      value: { reason: 'NO_REPORT_ADDRESS' },
    });
  });

  it('lists a round the provider closed that is still open at the operator', async () => {
    const { day, roundId, memberId } = await playDay();
    await t.database.current.db
      .update(gameRound)
      .set({ status: 'open', settledAt: null })
      .where(and(eq(gameRound.roundKey, roundId), eq(gameRound.memberId, memberId)));
    const run = await reconciliation.run(SANDBOX_PROVIDER_CODE, day, 'test');
    expect(run.differences).toEqual([
      expect.objectContaining({ kind: 'round_not_closed', roundId, playerId: memberId, transactionId: null }),
    ]);
  });

  it('matches a call sent just before midnight and recorded just after it, on both days', async () => {
    const { day, betId } = await playDay();
    const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);
    await t.database.current.db
      .update(providerTransaction)
      .set({ createdAt: new Date(next.getTime() + 1_000) })
      .where(operatorRow(betId));
    t.time.advance(DAY_MS);
    expect((await reconciliation.run(SANDBOX_PROVIDER_CODE, day, 'test')).differences).toEqual([]);
    const following = await reconciliation.run(
      SANDBOX_PROVIDER_CODE,
      next.toISOString().slice(0, 10),
      'test',
    );
    expect(following.differences).toEqual([]);
    expect(following.operatorTransactions).toBe(1);
  });
});
