import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { AdminVipLevel, SaveVipLevelBody } from '@kl/contracts/admin/vip';
import { expect, it } from 'vitest';
import { call, freshIp } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { acceptInvitation, inviteOperator, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

/**
 * VIP levels in the back office (docs/back-office.md, "VIP levels"): names and withdrawals change at once;
 * what a level pays (threshold, bonuses, rebate) waits for a second operator of the promotions area;
 * thresholds rise with the level; only the highest level is deleted, and only when no member is at it.
 */
describeEachDatabase('back-office VIP levels', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(kind, {
    owner: 'owner',
    risk: 'risk',
    finance: 'finance',
  });

  const levels = () => value(adminCalls.adminVipLevels, operators.finance);
  const levelOf = async (level: number) => (await levels()).list.find((row) => row.level === level);
  const players = async () =>
    answerValue(API.vipLevels, await call(suite.app, API.vipLevels, { ip: freshIp() })).list;
  const bodyOf = (
    { level: _l, members: _m, name, ...terms }: AdminVipLevel,
    note = 'review',
  ): SaveVipLevelBody => ({
    name: { vi: name.vi, en: name.en },
    ...terms,
    note,
  });
  const update = (level: number, payload: object, operator = operators.owner) =>
    request(adminCalls.adminUpdateVipLevel, operator, { params: { level }, payload });
  const add = (payload: object, operator = operators.owner) =>
    request(adminCalls.adminAddVipLevel, operator, { payload });
  const remove = (level: number, operator = operators.owner) =>
    request(adminCalls.adminDeleteVipLevel, operator, { params: { level } });
  const decide = (operator: typeof operators.owner, requestId: string, approve = true) =>
    request(adminCalls.adminDecideOperatorRequest, operator, { params: { requestId }, payload: { approve } });
  const auditOf = async (action: string) =>
    (await value(adminCalls.adminAudit, operators.owner, { query: { action } })).list;

  it('lists the levels lowest first with their members now; a member reaching a level counts there', async () => {
    const before = await levels();
    expect(before.currency).toBe('VND');
    expect(before.list.map((row) => row.level)).toEqual((await players()).map((row) => row.level));
    expect(before.list[1]).toMatchObject({
      level: 1,
      name: { vi: 'Đồng', en: 'Bronze' },
      depositThreshold: 1_000_000,
      upgradeBonus: 18_000,
      rebateBasisPoints: 40,
    });
    const { row } = await suite.newMember();
    await suite.fund(row.id, 10_000_000);
    const after = await levels();
    expect(after.list[2]?.members).toBe((before.list[2]?.members ?? 0) + 1);
    // Level 0 counts every real member below level 1: the new one passed it.
    expect(after.list[0]?.members).toBe(before.list[0]?.members);
  });

  it('changes a name and the withdrawals at once; players see it; audited with the note', async () => {
    const current = await levelOf(1);
    if (!current) throw new Error('no level 1');
    const changed = {
      ...bodyOf(current, 'rename'),
      name: { vi: 'Đồng đỏ', en: 'Copper' },
      dailyWithdrawalCount: 6,
      dailyWithdrawalLimit: 120_000_000,
    };
    const saved = answerValue(adminCalls.adminUpdateVipLevel, await update(1, changed, operators.risk));
    expect(saved).toMatchObject({
      applied: true,
      request: null,
      level: { level: 1, name: { vi: 'Đồng đỏ', en: 'Copper' }, dailyWithdrawalCount: 6 },
    });
    expect((await players())[1]).toMatchObject({
      name: 'Copper',
      benefits: { dailyWithdrawalCount: 6, dailyWithdrawalLimit: 120_000_000 },
    });
    const [entry] = await auditOf('vip_level.update');
    expect(entry).toMatchObject({
      operatorUsername: operators.risk.username,
      targetId: '1',
      before: { name: { vi: 'Đồng', en: 'Bronze' }, dailyWithdrawalCount: 5 },
      after: { name: { vi: 'Đồng đỏ', en: 'Copper' }, dailyWithdrawalCount: 6, note: 'rename' },
    });
    // Finance reads the levels, but changes nothing.
    expectFailure(await update(1, changed, operators.finance), 403, 'PERMISSION_DENIED');
    expectFailure(await update(99, changed), 404, 'NOT_FOUND');
  });

  it('refuses thresholds that do not rise with the level, with the catalogue code', async () => {
    const [zero, one, two] = (await levels()).list;
    if (!zero || !one || !two) throw new Error('seeded levels missing');
    for (const [level, threshold] of [
      [1, two.depositThreshold],
      [1, zero.depositThreshold],
      [2, one.depositThreshold - 1],
      [0, 1],
    ] as const) {
      const row = [zero, one, two][level];
      if (!row) throw new Error('no row');
      const refused = await update(level, { ...bodyOf(row), depositThreshold: threshold });
      expectFailure(refused, 400, 'VIP_THRESHOLD_NOT_ASCENDING');
    }
    const refused = await update(1, { ...bodyOf(one), depositThreshold: two.depositThreshold });
    expect(refused.json()).toMatchObject({
      value: { level: 1, greaterThan: zero.depositThreshold, lessThan: two.depositThreshold },
    });
    // A bad body is 400 INVALID_INPUT.
    for (const payload of [
      { ...bodyOf(one), rebateBasisPoints: 10_001 },
      { ...bodyOf(one), upgradeBonus: -1 },
      { ...bodyOf(one), upgradeBonus: 1.5 },
      { ...bodyOf(one), name: { vi: ' ' } },
      { ...bodyOf(one), note: '' },
    ]) {
      expectFailure(await update(1, payload), 400, 'INVALID_INPUT');
    }
    expect(await levelOf(1)).toEqual(one);
  });

  it('a change of what a level pays waits for another operator, who applies it; players see it then', async () => {
    const current = await levelOf(3);
    if (!current) throw new Error('no level 3');
    const richer = { ...bodyOf(current, 'summer offer'), upgradeBonus: 500_000, rebateBasisPoints: 75 };
    const asked = answerValue(adminCalls.adminUpdateVipLevel, await update(3, richer, operators.risk));
    expect(asked).toMatchObject({
      applied: false,
      level: { upgradeBonus: current.upgradeBonus },
      request: { kind: 'vip_level.update', area: 'promotions', status: 'pending', target: '3' },
    });
    const requestId = asked.request?.id ?? '';
    expect((await players())[3]?.benefits.upgradeBonus).toBe(current.upgradeBonus);
    expect((await levels()).pending).toEqual([
      expect.objectContaining({
        requestId,
        change: 'update',
        level: 3,
        terms: expect.objectContaining({ upgradeBonus: 500_000, rebateBasisPoints: 75 }),
        note: 'summer offer',
        requestedBy: { id: operators.risk.id, username: operators.risk.username },
      }),
    ]);
    // While it waits, the level is not changed otherwise (nor deleted).
    expectFailure(
      await update(3, { ...bodyOf(current), name: { vi: 'Vàng 2' } }),
      409,
      'OPERATOR_REQUEST_PENDING',
    );

    // Not its asker, nor an operator without write access to promotions, nor one whose link the asker held.
    expectFailure(await decide(operators.risk, requestId), 409, 'SECOND_APPROVER_REQUIRED');
    expectFailure(await decide(operators.finance, requestId), 403, 'PERMISSION_DENIED');
    const issued = await inviteOperator(suite.app, operators.owner, 'risk');
    const madeByOwner = await acceptInvitation(suite.app, suite.time, issued.invitation.token);
    const ownersRequest = answerValue(
      adminCalls.adminUpdateVipLevel,
      await update(2, { ...bodyOf((await levelOf(2)) as AdminVipLevel), monthlyBonus: 40_000 }),
    );
    expectFailure(
      await decide(madeByOwner, ownersRequest.request?.id ?? ''),
      409,
      'APPROVER_NOT_INDEPENDENT',
    );
    answerValue(
      adminCalls.adminDecideOperatorRequest,
      await decide(operators.risk, ownersRequest.request?.id ?? '', false),
    );

    const approved = answerValue(
      adminCalls.adminDecideOperatorRequest,
      await decide(operators.owner, requestId),
    );
    expect(approved.request).toMatchObject({ status: 'approved', decidedBy: { id: operators.owner.id } });
    expect((await players())[3]?.benefits).toMatchObject({ upgradeBonus: 500_000, rebatePercent: 0.75 });
    expect(await levelOf(3)).toMatchObject({ upgradeBonus: 500_000, rebateBasisPoints: 75 });
    expect(await levelOf(2)).toMatchObject({ monthlyBonus: 38_000 });
    expect((await levels()).pending).toEqual([]);
    const [entry] = await auditOf('vip_level.update');
    expect(entry).toMatchObject({
      operatorUsername: operators.owner.username,
      targetId: '3',
      before: { upgradeBonus: current.upgradeBonus, rebateBasisPoints: current.rebateBasisPoints },
      after: { upgradeBonus: 500_000, rebateBasisPoints: 75, note: 'summer offer' },
    });
  });

  it('adds the next level (at once when it pays nothing, else with a second operator) and deletes only the highest one nobody is at', async () => {
    const before = (await levels()).list;
    const highest = before.at(-1);
    if (!highest) throw new Error('no levels');
    const next = highest.level + 1;
    const terms = {
      name: { vi: 'Thượng hạng', en: 'Elite' },
      depositThreshold: highest.depositThreshold + 1_000_000_000,
      upgradeBonus: 0,
      birthdayBonus: 0,
      monthlyBonus: 0,
      dailyWithdrawalCount: 20,
      dailyWithdrawalLimit: 5_000_000_000,
      rebateBasisPoints: 0,
      note: 'new top level',
    };
    expectFailure(
      await add({ ...terms, depositThreshold: highest.depositThreshold }),
      400,
      'VIP_THRESHOLD_NOT_ASCENDING',
    );
    const added = answerValue(adminCalls.adminAddVipLevel, await add(terms));
    expect(added).toMatchObject({ applied: true, level: { level: next, name: terms.name, members: 0 } });
    expect((await players()).at(-1)).toMatchObject({ level: next, name: 'Elite' });
    const [made] = await auditOf('vip_level.create');
    expect(made).toMatchObject({
      targetId: String(next),
      after: { depositThreshold: terms.depositThreshold },
    });

    // Only the highest level is deleted; level 0 stays.
    expectFailure(await remove(highest.level), 409, 'VIP_LEVEL_NOT_LAST');
    expectFailure(await remove(0), 400, 'INVALID_INPUT');
    expectFailure(await remove(next + 1), 404, 'NOT_FOUND');
    expectFailure(await remove(next, operators.finance), 403, 'PERMISSION_DENIED');

    // A level that pays a bonus waits for another operator.
    const paying = {
      ...terms,
      name: { vi: 'Huyền thoại' },
      depositThreshold: terms.depositThreshold * 2,
      upgradeBonus: 10_000_000,
    };
    const asked = answerValue(adminCalls.adminAddVipLevel, await add(paying, operators.risk));
    expect(asked).toMatchObject({ applied: false, level: null, request: { target: String(next + 1) } });
    expect((await players()).at(-1)?.level).toBe(next);
    // The level it comes after is not deleted meanwhile.
    expectFailure(await remove(next), 409, 'OPERATOR_REQUEST_PENDING');
    answerValue(
      adminCalls.adminDecideOperatorRequest,
      await decide(operators.owner, asked.request?.id ?? ''),
    );
    expect((await players()).at(-1)).toMatchObject({
      level: next + 1,
      benefits: { upgradeBonus: 10_000_000 },
    });

    // A member at the highest level keeps it; without one it goes.
    const { row } = await suite.newMember();
    await suite.fund(row.id, paying.depositThreshold);
    const inUse = await remove(next + 1);
    expectFailure(inUse, 409, 'VIP_LEVEL_IN_USE');
    expect(inUse.json()).toMatchObject({ value: { level: next + 1, members: 1 } });
    expect(await levelOf(next + 1)).toMatchObject({ members: 1 });

    const top = { ...terms, name: { vi: 'Tạm' }, depositThreshold: paying.depositThreshold * 2 };
    answerValue(adminCalls.adminAddVipLevel, await add(top));
    expect(answerValue(adminCalls.adminDeleteVipLevel, await remove(next + 2))).toEqual({ deleted: true });
    expect((await players()).at(-1)?.level).toBe(next + 1);
    const [deleted] = await auditOf('vip_level.delete');
    expect(deleted).toMatchObject({
      operatorUsername: operators.owner.username,
      targetId: String(next + 2),
      before: { name: { vi: 'Tạm' } },
    });
  });
});
