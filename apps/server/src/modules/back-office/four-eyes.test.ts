import { randomUUID } from 'node:crypto';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { json } from '../../test/app.ts';
import { acceptInvitation, inviteOperator, newOperator, useBackOfficeSuite } from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';

/** Above the merchant's daily credit limits (docs/back-office.md, "Four eyes"): it waits for a second operator. */
const CREDIT = 25_000_000;

const failureOf = (response: LightMyRequestResponse) => [
  response.statusCode,
  json<{ code?: string }>(response).code,
];

/**
 * Maker–checker against an insider (docs/decisions/033-operator-credentials.md): an owner who makes a
 * finance operator holds its invitation link, so could set its credentials itself; that operator never
 * approves the owner's money, nor the owner its. An operator nobody held the link of (made on the command
 * line) does.
 */
describeEachDatabase('four eyes: no approving through an account whose link one held', (kind) => {
  const bo = useBackOfficeSuite(kind, { owner: 'owner' });
  const credit = (operator: { ip: string; cookie: string }, memberId: string) =>
    bo.request(adminCalls.adminCreateAdjustment, operator, {
      payload: {
        memberId,
        direction: 'credit',
        amount: CREDIT,
        reason: 'goodwill',
        idempotencyKey: randomUUID(),
      },
    });
  const decide = (operator: { ip: string; cookie: string }, adjustmentId: number, approve = true) =>
    bo.request(adminCalls.adminDecideAdjustment, operator, {
      params: { adjustmentId },
      payload: { approve },
    });

  it('the owner’s pending credit is refused to the finance operator it made and signed in as itself', async () => {
    const { suite, operators } = bo;
    const { row: member, caller } = await suite.newMember();
    const pending = json<{ value: { id: number; status: string } }>(
      await credit(operators.owner, member.id),
    ).value;
    expect(pending.status).toBe('pending');

    // The owner makes a finance operator and, holding its link, sets its credentials itself.
    const made = await inviteOperator(suite.app, operators.owner, 'finance');
    expect(made.operator.credentialsIssuedBy).toEqual({
      id: operators.owner.id,
      username: operators.owner.username,
    });
    const puppet = await acceptInvitation(suite.app, suite.time, made.invitation.token);
    expect(failureOf(await decide(puppet, pending.id))).toEqual([409, 'APPROVER_NOT_INDEPENDENT']);
    expect(failureOf(await decide(puppet, pending.id, false))).toEqual([409, 'APPROVER_NOT_INDEPENDENT']);
    expect((await suite.walletOf(caller)).available).toBe(0);

    // Nor the other way round: the owner does not approve what that operator asks.
    const asked = json<{ value: { id: number } }>(await credit(puppet, member.id)).value;
    expect(failureOf(await decide(operators.owner, asked.id))).toEqual([409, 'APPROVER_NOT_INDEPENDENT']);
    // Its own request stays SECOND_APPROVER_REQUIRED.
    expect(failureOf(await decide(operators.owner, pending.id))).toEqual([409, 'SECOND_APPROVER_REQUIRED']);

    // A finance operator nobody held the link of (made on the command line) approves it.
    const independent = await newOperator(suite, 'finance');
    const approved = await decide(independent, pending.id);
    expect(json(approved)).toMatchObject({ value: { status: 'applied' } });
    expect((await suite.walletOf(caller)).available).toBe(CREDIT);
  });
});
