import { adminCalls } from '@kl/contracts/admin/calls';
import { DEFAULT_MONEY_CONTROLS } from '@kl/contracts/admin/controls';
import { expect, it } from 'vitest';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import {
  acceptInvitation,
  inviteOperator,
  newOperator,
  useBackOfficeSuite,
} from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { setMoneyControls } from './testing.ts';

/**
 * The merchant's money controls (docs/back-office.md, "Four eyes"): every operator reads them; an owner's
 * change that only tightens them applies at once; one that loosens any waits for a second, independent
 * owner — so no owner raises a limit alone and then moves money under it.
 */
describeEachDatabase('back-office money controls', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(kind, {
    owner: 'owner',
    second: 'owner',
    finance: 'finance',
  });
  const db = () => suite.database.current.db;
  const change = (operator = operators.owner, controls: Partial<typeof DEFAULT_MONEY_CONTROLS> = {}) =>
    request(adminCalls.adminChangeControls, operator, {
      payload: { ...DEFAULT_MONEY_CONTROLS, ...controls, note: 'quarterly review' },
    });
  const decide = (operator: typeof operators.owner, requestId: string, approve = true) =>
    request(adminCalls.adminDecideOperatorRequest, operator, { params: { requestId }, payload: { approve } });
  const auditOf = async () =>
    (await value(adminCalls.adminAudit, operators.owner, { query: { action: 'controls.update' } })).list;

  it('every operator reads them; a change that only tightens applies at once and is audited', async () => {
    await setMoneyControls(db(), suite.time.clock, DEFAULT_MONEY_CONTROLS);
    expect(await value(adminCalls.adminControls, operators.finance)).toEqual(DEFAULT_MONEY_CONTROLS);
    const tighter = { creditLimitPerOperatorDay: 5_000_000, segregationDays: 60 };
    const applied = answerValue(adminCalls.adminChangeControls, await change(operators.owner, tighter));
    expect(applied).toEqual({
      applied: true,
      controls: { ...DEFAULT_MONEY_CONTROLS, ...tighter },
      request: null,
    });
    expect(await value(adminCalls.adminControls, operators.finance)).toMatchObject(tighter);
    const [entry] = await auditOf();
    expect(entry).toMatchObject({
      operatorUsername: operators.owner.username,
      before: { creditLimitPerOperatorDay: DEFAULT_MONEY_CONTROLS.creditLimitPerOperatorDay },
      after: { creditLimitPerOperatorDay: 5_000_000, segregationDays: 60, note: 'quarterly review' },
    });
    // Finance reads them, but changes nothing.
    expectFailure(await change(operators.finance, tighter), 403, 'PERMISSION_DENIED');
  });

  it('a change that loosens them waits for a second, independent owner; the asker cannot approve it', async () => {
    await setMoneyControls(db(), suite.time.clock, DEFAULT_MONEY_CONTROLS);
    const looser = { creditLimitPerMemberDay: 1_000_000_000, promotionMinTurnoverMultiple: 0 };
    const asked = answerValue(adminCalls.adminChangeControls, await change(operators.owner, looser));
    expect(asked).toMatchObject({
      applied: false,
      controls: DEFAULT_MONEY_CONTROLS,
      request: {
        kind: 'controls.update',
        status: 'pending',
        payload: { ...DEFAULT_MONEY_CONTROLS, ...looser },
      },
    });
    const requestId = asked.request?.id ?? '';
    expect(await value(adminCalls.adminControls, operators.finance)).toEqual(DEFAULT_MONEY_CONTROLS);
    // Another one while it waits: refused.
    expectFailure(await change(operators.owner, { segregationDays: 1 }), 409, 'OPERATOR_REQUEST_PENDING');
    // Not its asker, nor an owner whose invitation link the asker held.
    expectFailure(await decide(operators.owner, requestId), 409, 'SECOND_APPROVER_REQUIRED');
    const issued = await inviteOperator(suite.app, operators.owner, 'owner');
    const puppet = await acceptInvitation(suite.app, suite.time, issued.invitation.token);
    expectFailure(await decide(puppet, requestId), 409, 'APPROVER_NOT_INDEPENDENT');
    // Finance may not decide an owners' request.
    expectFailure(await decide(operators.finance, requestId), 403, 'PERMISSION_DENIED');
    expect(await value(adminCalls.adminControls, operators.finance)).toEqual(DEFAULT_MONEY_CONTROLS);

    const approved = answerValue(
      adminCalls.adminDecideOperatorRequest,
      await decide(operators.second, requestId),
    );
    expect(approved.request).toMatchObject({ status: 'approved', decidedBy: { id: operators.second.id } });
    expect(await value(adminCalls.adminControls, operators.finance)).toEqual({
      ...DEFAULT_MONEY_CONTROLS,
      ...looser,
    });
    const [entry] = await auditOf();
    expect(entry).toMatchObject({
      operatorUsername: operators.second.username,
      before: { creditLimitPerMemberDay: DEFAULT_MONEY_CONTROLS.creditLimitPerMemberDay },
      after: looser,
    });
  });

  it('a refused change changes nothing', async () => {
    await setMoneyControls(db(), suite.time.clock, DEFAULT_MONEY_CONTROLS);
    const asked = answerValue(
      adminCalls.adminChangeControls,
      await change(operators.owner, { withdrawalSecondApprovalAbove: 900_000_000 }),
    );
    const other = await newOperator(suite, 'owner');
    const refused = answerValue(
      adminCalls.adminDecideOperatorRequest,
      await decide(other, asked.request?.id ?? '', false),
    );
    expect(refused.request.status).toBe('refused');
    expect(await value(adminCalls.adminControls, operators.finance)).toEqual(DEFAULT_MONEY_CONTROLS);
  });
});
