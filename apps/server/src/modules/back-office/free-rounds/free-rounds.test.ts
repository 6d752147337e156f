import { randomUUID } from 'node:crypto';
import { adminCalls } from '@kl/contracts/admin/calls';
import { type FreeRoundsGrant, freeRoundsGrant, freeRoundsPage } from '@kl/contracts/admin/free-rounds';
import { successEnvelope } from '@kl/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { operatorAudit } from '../../../db/schema/index.ts';
import { json } from '../../../test/app.ts';
import { adminRequest, newOperator, type OperatorCaller } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { useTestApp } from '../../../test/suite.ts';
import { launchableGameId, registerTestProvider, TEST_PROVIDER } from '../../provider-wallet/testing.ts';
import { setMoneyControls } from '../controls/testing.ts';

/**
 * Free rounds granted in the back office (docs/back-office.md, "Free rounds"): house money under the same
 * daily limits and four eyes as manual credits, every step audited. This app knows no provider API for the
 * test provider, so a grant given stays `undelivered` with that reason; handing grants to a provider is
 * shown with the sandbox provider (provider-wallet/sandbox).
 */

const LIMIT = 100_000;

describeEachDatabase('back-office free rounds', { embedded: true }, (kind) => {
  const suite = useTestApp(kind, { config: { rateLimitMax: 100_000 } });
  const db = () => suite.database.current.db;
  let alice: OperatorCaller;
  let bob: OperatorCaller;
  let gameId: string;
  const signedIn = (role: 'risk' | 'finance') => newOperator(suite, role);

  beforeAll(async () => {
    const limits = { creditLimitPerOperatorDay: LIMIT, creditLimitPerMemberDay: LIMIT };
    await setMoneyControls(db(), suite.time.clock, limits);
    await registerTestProvider(db(), suite.time.clock);
    gameId = await launchableGameId(db());
    bob = await signedIn('risk');
  });
  beforeEach(async () => {
    alice = await signedIn('risk');
  });

  const grant = (
    operator: OperatorCaller,
    body: { username: string; rounds?: number; roundValue?: number; idempotencyKey?: string },
  ) =>
    adminRequest(suite.app, adminCalls.adminGrantFreeRounds, operator, {
      payload: {
        providerCode: TEST_PROVIDER.code,
        gameId,
        rounds: 10,
        roundValue: 1_000,
        turnoverMultiple: 5,
        validDays: 7,
        reason: 'welcome back',
        idempotencyKey: randomUUID(),
        ...body,
      },
    });
  const decide = (operator: OperatorCaller, grantId: string, approve: boolean) =>
    adminRequest(suite.app, adminCalls.adminDecideFreeRounds, operator, {
      params: { grantId },
      payload: { approve },
    });
  const valueOf = (response: LightMyRequestResponse): FreeRoundsGrant => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(freeRoundsGrant).parse(json(response)).value;
  };
  const failureOf = (response: LightMyRequestResponse) => [
    response.statusCode,
    json<{ code?: string }>(response).code,
  ];
  const auditOf = (grantId: string) =>
    db()
      .select({ action: operatorAudit.action, operator: operatorAudit.operatorUsername })
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'free_rounds'), eq(operatorAudit.targetId, grantId)))
      .orderBy(operatorAudit.id);

  it('gives free rounds within the limits at once, and tries to hand them to the provider', async () => {
    const { row } = await suite.newMember();
    const given = valueOf(await grant(alice, { username: row.username }));
    expect(given).toMatchObject({
      memberId: row.id,
      username: row.username,
      providerCode: TEST_PROVIDER.code,
      gameId,
      rounds: 10,
      roundValue: 1_000,
      value: 10_000,
      turnoverMultiple: 5,
      status: 'undelivered',
      deliveryError: 'NO_FREE_ROUNDS_API',
      requestedBy: alice.username,
      decidedBy: null,
      won: 0,
    });
    expect(Date.parse(given.expiresAt) - suite.time.clock().getTime()).toBe(7 * 86_400_000);
    expect((await auditOf(given.id)).map((entry) => entry.action)).toEqual([
      'free_rounds.grant',
      'free_rounds.deliver',
    ]);
    // Sent again: still not taken, and audited again.
    const again = valueOf(
      await adminRequest(suite.app, adminCalls.adminDeliverFreeRounds, alice, {
        params: { grantId: given.id },
      }),
    );
    expect(again.status).toBe('undelivered');
    expect(await auditOf(given.id)).toHaveLength(3);
  });

  it('keeps what goes beyond the running total for a second operator, never the requester', async () => {
    const { row } = await suite.newMember();
    // 60,000 at once, then 60,000 more would pass the operator's 100,000 of the day: it waits.
    const first = valueOf(await grant(alice, { username: row.username, rounds: 60, roundValue: 1_000 }));
    expect(first.status).toBe('undelivered');
    // The adjustments' room counts them: what is left for a manual credit is the same total.
    const room = await adminRequest(suite.app, adminCalls.adminCreditRoom, alice, {
      query: { memberId: row.id },
    });
    expect(json<{ value: unknown }>(room).value).toMatchObject({
      operator: { usedToday: 60_000 },
      member: { usedToday: 60_000 },
    });
    const second = valueOf(await grant(alice, { username: row.username, rounds: 60, roundValue: 1_000 }));
    expect(second.status).toBe('pending');
    expect(failureOf(await decide(alice, second.id, true))).toEqual([409, 'SECOND_APPROVER_REQUIRED']);
    const approved = valueOf(await decide(bob, second.id, true));
    expect(approved).toMatchObject({ status: 'undelivered', decidedBy: bob.username });
    // A second click by the same checker answers the same; another decision is closed.
    expect(valueOf(await decide(bob, second.id, true)).status).toBe('undelivered');
    expect(failureOf(await decide(bob, second.id, false))).toEqual([409, 'FREE_ROUNDS_CLOSED']);
    expect((await auditOf(second.id)).map((entry) => [entry.action, entry.operator])).toEqual([
      ['free_rounds.grant', alice.username],
      ['free_rounds.approve', bob.username],
      ['free_rounds.deliver', bob.username],
    ]);

    // Manual credits and grants share the running totals: the member's day is spent.
    const other = await signedIn('risk');
    const third = valueOf(await grant(other, { username: row.username, rounds: 1, roundValue: 50_000 }));
    expect(third.status).toBe('pending');
    expect(valueOf(await decide(bob, third.id, false))).toMatchObject({ status: 'rejected' });
  });

  it('answers a repeated request with its first grant, and refuses what cannot be granted', async () => {
    const { row } = await suite.newMember();
    const idempotencyKey = randomUUID();
    const first = valueOf(await grant(alice, { username: row.username, idempotencyKey }));
    const [repeat, raced] = await Promise.all([
      grant(alice, { username: row.username, idempotencyKey }),
      grant(alice, { username: row.username, idempotencyKey }),
    ]);
    expect(valueOf(repeat).id).toBe(first.id);
    expect(valueOf(raced).id).toBe(first.id);
    expect(failureOf(await grant(alice, { username: row.username, idempotencyKey, rounds: 11 }))).toEqual([
      409,
      'IDEMPOTENCY_CONFLICT',
    ]);
    expect(failureOf(await grant(alice, { username: 'no-such-member' }))).toEqual([404, 'NOT_FOUND']);
    const trial = await suite.newMember({ type: 4 });
    expect(failureOf(await grant(alice, { username: trial.row.username }))).toEqual([
      403,
      'FEATURE_NOT_ENABLED',
    ]);
    expect(failureOf(await grant(alice, { username: row.username, rounds: 0 }))).toEqual([
      400,
      'INVALID_INPUT',
    ]);
    // Finance reads free rounds but does not grant them.
    const finance = await signedIn('finance');
    expect((await grant(finance, { username: row.username })).statusCode).toBe(403);
    const listed = await adminRequest(suite.app, adminCalls.adminFreeRounds, finance, {
      query: { status: 'undelivered' },
    });
    expect(listed.statusCode).toBe(200);
    const page = successEnvelope(freeRoundsPage).parse(json(listed)).value;
    expect(page.list.map((item) => item.id)).toContain(first.id);
    expect(page.list.every((item) => item.status === 'undelivered')).toBe(true);
  });
});
