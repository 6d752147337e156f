import { randomUUID } from 'node:crypto';
import { adminCalls } from '@kl/contracts/admin/calls';
import { type Adjustment, adjustment, adjustmentPage } from '@kl/contracts/admin/members';
import { successEnvelope } from '@kl/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { balanceAdjustment, ledgerTransaction, operatorAudit } from '../../../db/schema/index.ts';
import { json } from '../../../test/app.ts';
import {
  adminRequest,
  createOperator,
  type OperatorCaller,
  signInOperator,
} from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { useTestApp } from '../../../test/suite.ts';
import { checkLedger, checkWagering } from '../../wallet/index.ts';
import { setMoneyControls } from '../controls/testing.ts';
import { createTestMember } from '../../wallet/testing.ts';

const THRESHOLD = 100_000;

describeEachDatabase('back-office adjustments', { embedded: true }, (kind) => {
  const suite = useTestApp(kind, { config: { rateLimitMax: 100_000 } });
  const db = () => suite.database.current.db;
  /** The requester (a new one in each test: the daily limits count per operator), a second finance operator, and an owner. */
  let alice: OperatorCaller;
  let bob: OperatorCaller;
  let carol: OperatorCaller;
  const signedIn = async (role: 'finance' | 'owner') => {
    const made = await createOperator(db(), suite.time.clock, { role });
    return signInOperator(suite.app, suite.time, made.username);
  };

  beforeAll(async () => {
    await setMoneyControls(db(), suite.time.clock, {
      creditLimitPerOperatorDay: THRESHOLD,
      creditLimitPerMemberDay: THRESHOLD,
    });
    bob = await signedIn('finance');
    carol = await signedIn('owner');
  });
  beforeEach(async () => {
    alice = await signedIn('finance');
  });

  const create = (
    operator: OperatorCaller,
    body: {
      memberId: string;
      direction: 'credit' | 'debit';
      amount: number;
      reason?: string;
      idempotencyKey?: string;
    },
  ) =>
    adminRequest(suite.app, adminCalls.adminCreateAdjustment, operator, {
      payload: { reason: 'goodwill for an outage', idempotencyKey: randomUUID(), ...body },
    });
  const decide = (operator: OperatorCaller, adjustmentId: number, approve: boolean) =>
    adminRequest(suite.app, adminCalls.adminDecideAdjustment, operator, {
      params: { adjustmentId },
      payload: { approve },
    });
  const valueOf = (response: LightMyRequestResponse): Adjustment => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(adjustment).parse(json(response)).value;
  };
  const failureOf = (response: LightMyRequestResponse) => [
    response.statusCode,
    json<{ code?: string }>(response).code,
  ];
  /** A real member with a session and `balance` in their wallet. */
  const funded = async (balance: number) => {
    const made = await suite.newMember();
    if (balance > 0) await suite.fund(made.row.id, balance);
    return made;
  };
  const availableOf = async (caller: Awaited<ReturnType<typeof funded>>['caller']) =>
    (await suite.walletOf(caller)).available;
  const ledgerRowsOf = (adjustmentId: number) =>
    db()
      .select()
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.idempotencyKey, `adjustment:${adjustmentId}`));
  const auditOf = (adjustmentId: number) =>
    db()
      .select()
      .from(operatorAudit)
      .where(
        and(eq(operatorAudit.targetType, 'adjustment'), eq(operatorAudit.targetId, String(adjustmentId))),
      )
      .orderBy(operatorAudit.id);

  it('applies one up to the threshold at once: the ledger, the balance and the audit in one go', async () => {
    const { row, caller } = await funded(50_000);
    const credited = valueOf(
      await create(alice, {
        memberId: row.id,
        direction: 'credit',
        amount: THRESHOLD,
        reason: 'outage refund',
      }),
    );
    expect(credited).toMatchObject({
      memberId: row.id,
      username: row.username,
      direction: 'credit',
      amount: THRESHOLD,
      currency: 'VND',
      reason: 'outage refund',
      status: 'applied',
      requestedBy: alice.username,
      decidedBy: null,
      decidedAt: null,
      createdAt: suite.time.clock().toISOString(),
    });
    expect(await availableOf(caller)).toBe(150_000);
    const [posted] = await ledgerRowsOf(credited.id);
    expect(posted).toMatchObject({
      id: credited.transactionId,
      kind: 'adjustment_credit',
      memberId: row.id,
      amount: BigInt(THRESHOLD),
      reference: `adjustment:${credited.id}`,
      memo: { adjustmentId: credited.id, reason: 'outage refund', requestedBy: alice.username },
    });
    const [entry] = await auditOf(credited.id);
    expect(entry).toMatchObject({
      action: 'adjustment.create',
      operatorId: alice.id,
      before: null,
      after: { status: 'applied', amount: THRESHOLD, transactionId: credited.transactionId },
    });

    const debited = valueOf(await create(alice, { memberId: row.id, direction: 'debit', amount: 30_000 }));
    expect(debited).toMatchObject({ status: 'applied', direction: 'debit' });
    expect(await availableOf(caller)).toBe(120_000);
    expect((await ledgerRowsOf(debited.id))[0]?.kind).toBe('adjustment_debit');
  });

  it('answers the first adjustment for the same key, and IDEMPOTENCY_CONFLICT for another body', async () => {
    const { row, caller } = await funded(0);
    const body = {
      memberId: row.id,
      direction: 'credit' as const,
      amount: 20_000,
      idempotencyKey: randomUUID(),
    };
    const first = valueOf(await create(alice, body));
    const again = valueOf(await create(alice, body));
    expect(again).toEqual(first);
    // Two at once: still one adjustment, one ledger transaction.
    const twins = await Promise.all([create(alice, body), create(alice, body)]);
    expect(twins.map((response) => valueOf(response).id)).toEqual([first.id, first.id]);
    expect(await availableOf(caller)).toBe(20_000);
    expect(await ledgerRowsOf(first.id)).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(balanceAdjustment)
        .where(eq(balanceAdjustment.idempotencyKey, body.idempotencyKey)),
    ).toHaveLength(1);

    expect(failureOf(await create(alice, { ...body, amount: 20_001 }))).toEqual([
      409,
      'IDEMPOTENCY_CONFLICT',
    ]);
    expect(failureOf(await create(alice, { ...body, direction: 'debit' }))).toEqual([
      409,
      'IDEMPOTENCY_CONFLICT',
    ]);
    expect(failureOf(await create(bob, body))).toEqual([409, 'IDEMPOTENCY_CONFLICT']);
    expect(await availableOf(caller)).toBe(20_000);
  });

  it('a debit the balance cannot cover stores nothing (INSUFFICIENT_BALANCE); the key stays free', async () => {
    const { row, caller } = await funded(10_000);
    const idempotencyKey = randomUUID();
    const created = () =>
      db().select().from(operatorAudit).where(eq(operatorAudit.action, 'adjustment.create'));
    const audited = (await created()).length;
    const refused = await create(alice, {
      memberId: row.id,
      direction: 'debit',
      amount: 10_001,
      idempotencyKey,
    });
    expect(failureOf(refused)).toEqual([409, 'INSUFFICIENT_BALANCE']);
    expect(await availableOf(caller)).toBe(10_000);
    expect(
      await db().select().from(balanceAdjustment).where(eq(balanceAdjustment.memberId, row.id)),
    ).toHaveLength(0);
    expect(await created()).toHaveLength(audited);
    // The whole balance may go; the key was not used.
    const taken = valueOf(
      await create(alice, { memberId: row.id, direction: 'debit', amount: 10_000, idempotencyKey }),
    );
    expect(taken.status).toBe('applied');
    expect(await availableOf(caller)).toBe(0);
  });

  it('refuses an unknown member (404), a trial member or an agent (FEATURE_NOT_ENABLED) and a bad body (400)', async () => {
    expect(
      failureOf(await create(alice, { memberId: randomUUID(), direction: 'credit', amount: 1_000 })),
    ).toEqual([404, 'NOT_FOUND']);
    for (const type of [4, 40]) {
      const member = await createTestMember(db(), { type });
      expect(
        failureOf(await create(alice, { memberId: member.id, direction: 'credit', amount: 1_000 })),
      ).toEqual([403, 'FEATURE_NOT_ENABLED']);
    }
    const { row } = await funded(0);
    for (const bad of [{ amount: 0 }, { amount: 1.5 }, { reason: 'no' }, { idempotencyKey: 'short' }]) {
      const response = await create(alice, { memberId: row.id, direction: 'credit', amount: 1_000, ...bad });
      expect([JSON.stringify(bad), ...failureOf(response)]).toEqual([
        JSON.stringify(bad),
        400,
        'INVALID_INPUT',
      ]);
    }
    // Support has no access to adjustments.
    const support = await createOperator(db(), suite.time.clock, { role: 'support' });
    const signedIn = await signInOperator(suite.app, suite.time, support.username);
    expect(
      failureOf(await create(signedIn, { memberId: row.id, direction: 'credit', amount: 1_000 })),
    ).toEqual([403, 'PERMISSION_DENIED']);
  });

  it('above the threshold waits for a second operator: not the requester; approved once, then closed', async () => {
    const { row, caller } = await funded(0);
    const pending = valueOf(
      await create(alice, {
        memberId: row.id,
        direction: 'credit',
        amount: THRESHOLD + 1,
        reason: 'vip rebate',
      }),
    );
    expect(pending).toMatchObject({ status: 'pending', transactionId: null, decidedBy: null });
    expect(await availableOf(caller)).toBe(0);
    expect(await ledgerRowsOf(pending.id)).toHaveLength(0);

    expect(failureOf(await decide(alice, pending.id, true))).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    suite.time.advance(5_000);
    const approved = valueOf(await decide(bob, pending.id, true));
    expect(approved).toMatchObject({
      status: 'applied',
      requestedBy: alice.username,
      decidedBy: bob.username,
      decidedAt: suite.time.clock().toISOString(),
    });
    expect(await availableOf(caller)).toBe(THRESHOLD + 1);
    const [posted] = await ledgerRowsOf(pending.id);
    expect(posted).toMatchObject({
      id: approved.transactionId,
      kind: 'adjustment_credit',
      memo: { reason: 'vip rebate', requestedBy: alice.username, approvedBy: bob.username },
    });
    const entries = await auditOf(pending.id);
    expect(entries.map((entry) => entry.action)).toEqual(['adjustment.create', 'adjustment.approve']);
    expect(entries[1]).toMatchObject({
      operatorId: bob.id,
      before: { status: 'pending', transactionId: null },
      after: { status: 'applied', decidedBy: bob.username, transactionId: approved.transactionId },
    });

    // A second click of the same decision answers it unchanged; anything else is closed.
    expect(valueOf(await decide(bob, pending.id, true))).toEqual(approved);
    expect(failureOf(await decide(bob, pending.id, false))).toEqual([409, 'ADJUSTMENT_CLOSED']);
    expect(failureOf(await decide(carol, pending.id, true))).toEqual([409, 'ADJUSTMENT_CLOSED']);
    expect(failureOf(await decide(alice, pending.id, true))).toEqual([409, 'ADJUSTMENT_CLOSED']);
    expect(await ledgerRowsOf(pending.id)).toHaveLength(1);
    expect(await auditOf(pending.id)).toHaveLength(2);
    expect(await availableOf(caller)).toBe(THRESHOLD + 1);

    // One applied at once is closed too.
    const direct = valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: 1_000 }));
    expect(failureOf(await decide(bob, direct.id, true))).toEqual([409, 'ADJUSTMENT_CLOSED']);
    const unknown = await decide(bob, 999_999_999, true);
    expect(failureOf(unknown)).toEqual([404, 'NOT_FOUND']);
  });

  it('a rejected one posts nothing and cannot be approved afterwards', async () => {
    const { row, caller } = await funded(500_000);
    const pending = valueOf(await create(alice, { memberId: row.id, direction: 'debit', amount: 400_000 }));
    const rejected = valueOf(await decide(carol, pending.id, false));
    expect(rejected).toMatchObject({ status: 'rejected', decidedBy: carol.username, transactionId: null });
    expect(valueOf(await decide(carol, pending.id, false))).toEqual(rejected);
    expect(failureOf(await decide(bob, pending.id, true))).toEqual([409, 'ADJUSTMENT_CLOSED']);
    expect(await ledgerRowsOf(pending.id)).toHaveLength(0);
    expect(await availableOf(caller)).toBe(500_000);
    expect((await auditOf(pending.id)).map((entry) => [entry.action, entry.after])).toEqual([
      ['adjustment.create', expect.objectContaining({ status: 'pending' })],
      ['adjustment.reject', expect.objectContaining({ status: 'rejected', decidedBy: carol.username })],
    ]);
  });

  it('two approvals at once post once', async () => {
    const { row, caller } = await funded(0);
    const pending = valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: 250_000 }));
    const [first, second] = await Promise.all([
      decide(bob, pending.id, true),
      decide(carol, pending.id, true),
    ]);
    const outcomes = [first, second].map((response) => response.statusCode).sort();
    expect(outcomes).toEqual([200, 409]);
    expect(
      [first, second]
        .filter((response) => response.statusCode === 409)
        .map((response) => failureOf(response)),
    ).toEqual([[409, 'ADJUSTMENT_CLOSED']]);
    expect(await ledgerRowsOf(pending.id)).toHaveLength(1);
    expect(await availableOf(caller)).toBe(250_000);

    // The same operator clicking twice at once: both answered with the one approval.
    const again = valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: 300_000 }));
    const clicks = await Promise.all([decide(bob, again.id, true), decide(bob, again.id, true)]);
    const answers = clicks.map(valueOf);
    expect(answers[0]).toEqual(answers[1]);
    expect(await ledgerRowsOf(again.id)).toHaveLength(1);
    expect(await availableOf(caller)).toBe(550_000);
    expect((await auditOf(again.id)).map((entry) => entry.action)).toEqual([
      'adjustment.create',
      'adjustment.approve',
    ]);
  });

  it('an approval the balance no longer covers is INSUFFICIENT_BALANCE and the adjustment stays pending', async () => {
    const { row, caller } = await funded(200_000);
    const pending = valueOf(await create(alice, { memberId: row.id, direction: 'debit', amount: 150_000 }));
    valueOf(await create(alice, { memberId: row.id, direction: 'debit', amount: 100_000 }));
    expect(failureOf(await decide(bob, pending.id, true))).toEqual([409, 'INSUFFICIENT_BALANCE']);
    const [stored] = await db().select().from(balanceAdjustment).where(eq(balanceAdjustment.id, pending.id));
    expect(stored).toMatchObject({ status: 'pending', decidedBy: null, transactionId: null });
    expect(await availableOf(caller)).toBe(100_000);
    expect(valueOf(await decide(bob, pending.id, false)).status).toBe('rejected');
  });

  it('lists adjustments newest first with their usernames, filtered by status', async () => {
    const { row } = await funded(0);
    suite.time.advance(1_000);
    const applied = valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: 1_000 }));
    suite.time.advance(1_000);
    const waiting = valueOf(
      await create(bob, { memberId: row.id, direction: 'credit', amount: THRESHOLD * 3 }),
    );
    suite.time.advance(1_000);
    const rejected = valueOf(
      await create(alice, { memberId: row.id, direction: 'credit', amount: THRESHOLD * 2 }),
    );
    valueOf(await decide(carol, rejected.id, false));

    const list = async (query: Record<string, string> = {}) => {
      const response = await adminRequest(suite.app, adminCalls.adminAdjustments, bob, { query });
      expect(response.statusCode, response.body).toBe(200);
      return successEnvelope(adjustmentPage).parse(json(response)).value;
    };
    const all = await list({ pageSize: '3' });
    expect(all.list.map((item) => item.id)).toEqual([rejected.id, waiting.id, applied.id]);
    expect(all.list[0]).toMatchObject({
      username: row.username,
      requestedBy: alice.username,
      decidedBy: carol.username,
      status: 'rejected',
    });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const pendingOnly = await list({ status: 'pending' });
    expect(pendingOnly.list.every((item) => item.status === 'pending')).toBe(true);
    expect(pendingOnly.list[0]).toMatchObject({ id: waiting.id, requestedBy: bob.username, decidedBy: null });
    const total = (await list()).total;
    const counts = await Promise.all(
      (['pending', 'applied', 'rejected'] as const).map(async (status) => (await list({ status })).total),
    );
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(total);
    expect(
      failureOf(
        await adminRequest(suite.app, adminCalls.adminAdjustments, bob, { query: { status: 'nope' } }),
      ),
    ).toEqual([400, 'INVALID_INPUT']);
  });

  it('leaves the ledger and the turnover rules sound (npm run ledger:check)', async () => {
    // A deposit through the site: its turnover requirement locks it; a debit below the lock shrinks it.
    const { row, caller } = await suite.newMember();
    await suite.deposit(caller, 200_000);
    valueOf(await create(alice, { memberId: row.id, direction: 'debit', amount: 90_000 }));
    valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: 5_000 }));
    const pending = valueOf(await create(alice, { memberId: row.id, direction: 'debit', amount: 110_000 }));
    valueOf(await decide(bob, pending.id, true));
    expect(await availableOf(caller)).toBe(5_000);
    expect((await checkLedger(db())).problems).toEqual([]);
    expect((await checkWagering(db())).problems).toEqual([]);
  });
  const statusesOf = (list: Adjustment[]) => list.map((made) => made.status);
  const roomOf = async (operator: OperatorCaller, memberId?: string) => {
    const response = await adminRequest(suite.app, adminCalls.adminCreditRoom, operator, {
      ...(memberId && { query: { memberId } }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ value: { operator: { usedToday: number }; member: { usedToday: number } | null } }>(
      response,
    ).value;
  };

  it('counts credits by the day’s running total: a split into five is one applied and four waiting', async () => {
    // One operator, one member: five credits at the limit.
    const { row, caller } = await funded(0);
    const five: Adjustment[] = [];
    for (let index = 0; index < 5; index += 1) {
      five.push(valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: THRESHOLD })));
    }
    expect(statusesOf(five)).toEqual(['applied', 'pending', 'pending', 'pending', 'pending']);
    expect(five.map((made) => made.decidedBy)).toEqual([null, null, null, null, null]);
    expect(await availableOf(caller)).toBe(THRESHOLD);
    expect(await roomOf(alice, row.id)).toMatchObject({
      operator: { limit: THRESHOLD, usedToday: THRESHOLD },
      member: { limit: THRESHOLD, usedToday: THRESHOLD },
    });

    // Five operators, one member: the member's total holds.
    const other = await funded(0);
    const byFive: Adjustment[] = [];
    for (let index = 0; index < 5; index += 1) {
      const operator = await signedIn('finance');
      byFive.push(
        valueOf(
          await create(operator, { memberId: other.row.id, direction: 'credit', amount: THRESHOLD / 2 }),
        ),
      );
    }
    expect(statusesOf(byFive)).toEqual(['applied', 'applied', 'pending', 'pending', 'pending']);
    expect(await availableOf(other.caller)).toBe(THRESHOLD);

    // One operator, five members: the operator's total holds.
    const dave = await signedIn('finance');
    const toFive: Adjustment[] = [];
    for (let index = 0; index < 5; index += 1) {
      const { row: each } = await funded(0);
      toFive.push(
        valueOf(await create(dave, { memberId: each.id, direction: 'credit', amount: THRESHOLD / 2 })),
      );
    }
    expect(statusesOf(toFive)).toEqual(['applied', 'applied', 'pending', 'pending', 'pending']);
  });

  it('holds the running total under a burst of parallel credits', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => funded(0)));
    const made = await Promise.all(
      members.map(({ row }) =>
        create(alice, { memberId: row.id, direction: 'credit', amount: THRESHOLD / 2 }).then(valueOf),
      ),
    );
    expect(made.filter((each) => each.status === 'applied')).toHaveLength(2);
    expect(made.filter((each) => each.status === 'pending')).toHaveLength(4);
    expect((await roomOf(alice)).operator.usedToday).toBe(THRESHOLD);
  });

  it('credits a second operator approved do not count; the next merchant day starts again', async () => {
    const { row, caller } = await funded(0);
    valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: THRESHOLD }));
    const waiting = valueOf(await create(alice, { memberId: row.id, direction: 'credit', amount: 1 }));
    expect(waiting.status).toBe('pending');
    expect(valueOf(await decide(bob, waiting.id, true)).status).toBe('applied');
    expect(await roomOf(alice, row.id)).toMatchObject({
      operator: { usedToday: THRESHOLD },
      member: { usedToday: THRESHOLD },
    });
    expect(await availableOf(caller)).toBe(THRESHOLD + 1);

    suite.time.advance(24 * 60 * 60 * 1000);
    const tomorrow = await signInOperator(suite.app, suite.time, alice.username, alice.secret);
    expect(await roomOf(tomorrow, row.id)).toMatchObject({
      operator: { usedToday: 0 },
      member: { usedToday: 0 },
    });
    const again = valueOf(
      await create(tomorrow, { memberId: row.id, direction: 'credit', amount: THRESHOLD }),
    );
    expect(again.status).toBe('applied');
  });
});
