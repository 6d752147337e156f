import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { DEFAULT_MONEY_CONTROLS } from '@kl/contracts/admin/controls';
import type { AdminPromotion, CreatePromotionRequest } from '@kl/contracts/admin/promotions';
import { failureEnvelope } from '@kl/contracts/envelope';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { call, freshIp } from '../../../test/accounts.ts';
import { json } from '../../../test/app.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { newOperator, type OperatorCaller, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { PROMOTIONS } from '../../promotions/index.ts';
import { createControlsService } from '../controls/service.ts';
import { setMoneyControls } from '../controls/testing.ts';
import { createSegregation } from '../segregation/service.ts';
import { checkLimits } from './service.ts';

const HOUR = 3_600_000;
let codes = 0;
const freshCode = () => `BO${process.pid % 1000}X${(codes += 1)}`;

/** The failure's code and value (`field`, `reason` and the limit of a refusal). */
const refusalOf = (response: LightMyRequestResponse) => {
  const body = failureEnvelope.parse(json(response));
  return { status: response.statusCode, code: body.code, value: body.value };
};

describeEachDatabase('back-office promotions', (kind) => {
  const { suite, operators, request, value, auditTrail } = useBackOfficeSuite(kind, {
    risk: 'risk',
    risk2: 'risk',
    owner: 'owner',
  });
  const visitor = { ip: freshIp() };

  const at = (offset: number) => new Date(suite.time.clock().getTime() + offset).toISOString();
  const body = (extra: Partial<CreatePromotionRequest> = {}): CreatePromotionRequest => ({
    code: freshCode(),
    type: 'FIRST_DEPOSIT',
    title: { vi: 'Thưởng nạp đầu 50%', en: '50% first deposit bonus' },
    summary: { vi: 'Nạp lần đầu nhận 50%' },
    detailHtml: { vi: '<p>Chi tiết</p>' },
    startsAt: at(-60_000),
    endsAt: at(24 * HOUR),
    bonus: { kind: 'percent', percent: 50, cap: 200_000 },
    minDeposit: 100_000,
    turnover: { multiple: 3, base: 'bonus' },
    ...extra,
  });
  const create = (payload: unknown, operator = operators.risk) =>
    request(adminCalls.adminCreatePromotion, operator, { payload });
  const update = (promotionId: number, payload: unknown, operator = operators.risk) =>
    request(adminCalls.adminUpdatePromotion, operator, { params: { promotionId }, payload });
  /** Publishes what the operator read of the promotion (its draft's time, or null). */
  const publish = (promotion: AdminPromotion, operator: OperatorCaller) =>
    request(adminCalls.adminPublishPromotion, operator, {
      params: { promotionId: promotion.id },
      payload: { draftAt: promotion.draft?.draftAt ?? null },
    });
  const discard = (promotion: AdminPromotion, operator: OperatorCaller) =>
    request(adminCalls.adminDiscardPromotion, operator, {
      params: { promotionId: promotion.id },
      payload: { draftAt: promotion.draft?.draftAt ?? null },
    });
  const made = async (payload: CreatePromotionRequest, operator = operators.risk) =>
    answerValue(adminCalls.adminCreatePromotion, await create(payload, operator));
  /** Created by `risk`, published by `risk2`. */
  const live = async (payload: CreatePromotionRequest = body()) =>
    answerValue(adminCalls.adminPublishPromotion, await publish(await made(payload), operators.risk2));
  const drafted = async (promotionId: number, payload: unknown, operator = operators.risk) =>
    answerValue(adminCalls.adminUpdatePromotion, await update(promotionId, payload, operator));
  const listed = (query: Record<string, string> = {}) =>
    value(adminCalls.adminPromotions, operators.risk, { query: { pageSize: '100', ...query } });
  const adminRow = async (id: number) => (await listed()).list.find((row) => row.id === id);
  const playerList = async () =>
    answerValue(API.promotions, await call(suite.app, API.promotions, visitor)).list;
  const playerDetail = (id: number) =>
    call(suite.app, API.promotionDetail, visitor, { query: { id: String(id) } });
  const auditOf = (id: number) => auditTrail(operators.owner, 'promotion', id);
  /** A new member who applied to the promotion. */
  const memberWhoApplied = async (promotionId: number) => {
    const member = await suite.newMember();
    const applied = await call(suite.app, API.applyPromotion, member.caller, { payload: { promotionId } });
    expect(applied.statusCode, applied.body).toBe(200);
    return member;
  };
  const controls = (change: Partial<typeof DEFAULT_MONEY_CONTROLS>) =>
    setMoneyControls(suite.database.current.db, suite.time.clock, change);

  it('refuses the insider promotion, and lets one within the limits reach members only once another operator publishes it', async () => {
    // 500,000,000 ₫ fixed for a first deposit of 100,000 ₫, no turnover: above the cap and below the minimum.
    const insider = body({
      bonus: { kind: 'fixed', amount: 500_000_000 },
      minDeposit: 100_000,
      turnover: { multiple: 0, base: 'bonus' },
    });
    expect(refusalOf(await create(insider))).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
      value: {
        field: 'bonus.amount',
        reason: 'BONUS_ABOVE_CAP',
        cap: DEFAULT_MONEY_CONTROLS.promotionBonusCap,
      },
    });
    expect(refusalOf(await create({ ...insider, bonus: { kind: 'fixed', amount: 5_000_000 } }))).toEqual({
      status: 400,
      code: 'INVALID_INPUT',
      value: {
        field: 'turnover.multiple',
        reason: 'TURNOVER_BELOW_MINIMUM',
        minimum: DEFAULT_MONEY_CONTROLS.promotionMinTurnoverMultiple,
      },
    });
    expect(
      refusalOf(await create(body({ bonus: { kind: 'percent', percent: 100, cap: 500_000_000 } }))).value,
    ).toMatchObject({ field: 'bonus.cap', reason: 'BONUS_ABOVE_CAP' });

    // Within the limits: a draft nobody outside the back office sees.
    const draft = await made({
      ...insider,
      bonus: { kind: 'fixed', amount: 5_000_000 },
      turnover: { multiple: 1, base: 'bonus' },
    });
    expect(draft).toMatchObject({
      status: 'running',
      published: false,
      publishedAt: null,
      publishedBy: null,
      createdBy: operators.risk.username,
      writtenBy: operators.risk.username,
      draft: null,
    });
    expect((await playerList()).map((row) => row.id)).not.toContain(draft.id);
    expectFailure(await playerDetail(draft.id), 404, 'NOT_FOUND');
    const member = await suite.newMember();
    const apply = () =>
      call(suite.app, API.applyPromotion, member.caller, { payload: { promotionId: draft.id } });
    expectFailure(await apply(), 404, 'NOT_FOUND');

    // Its creator cannot publish it; another risk operator does, and members see it and apply.
    expectFailure(await publish(draft, operators.risk), 409, 'SECOND_APPROVER_REQUIRED');
    expect((await playerList()).map((row) => row.id)).not.toContain(draft.id);
    const published = answerValue(adminCalls.adminPublishPromotion, await publish(draft, operators.risk2));
    expect(published).toMatchObject({
      published: true,
      publishedAt: suite.time.clock().toISOString(),
      publishedBy: operators.risk2.username,
      createdBy: operators.risk.username,
      writtenBy: operators.risk.username,
    });
    expect((await playerList()).find((row) => row.id === draft.id)).toMatchObject({
      bonus: { kind: 'fixed', amount: 5_000_000 },
      active: true,
    });
    expect((await apply()).statusCode).toBe(200);
  });

  it('keeps a change of a live promotion from members until another operator publishes it, checking the limits again', async () => {
    const promotion = await live();
    const before = { kind: 'percent', percent: 50, cap: 200_000 };
    const change = {
      title: { vi: 'Thưởng mới', en: 'New bonus' },
      bonus: { kind: 'fixed', amount: 8_000_000 },
    };
    const pending = await drafted(promotion.id, change);
    expect(pending).toMatchObject({
      bonus: before,
      title: promotion.title,
      draft: {
        change: { title: change.title, bonus: change.bonus },
        draftBy: operators.risk.username,
        draftAt: suite.time.clock().toISOString(),
      },
    });
    const seen = (await playerList()).find((row) => row.id === promotion.id);
    expect(seen).toMatchObject({ title: '50% first deposit bonus', bonus: before });
    const detail = answerValue(API.promotionDetail, await playerDetail(promotion.id));
    expect(detail).toMatchObject({ bonus: before });

    // Its author cannot publish it.
    expectFailure(await publish(pending, operators.risk), 409, 'SECOND_APPROVER_REQUIRED');

    // The merchant lowers its cap: the change written before is refused when published.
    await controls({ promotionBonusCap: 6_000_000 });
    try {
      expect(refusalOf(await publish(pending, operators.risk2))).toEqual({
        status: 400,
        code: 'INVALID_INPUT',
        value: { field: 'bonus.amount', reason: 'BONUS_ABOVE_CAP', cap: 6_000_000 },
      });
      expect((await adminRow(promotion.id))?.draft?.change).toMatchObject({ bonus: change.bonus });
    } finally {
      await controls(DEFAULT_MONEY_CONTROLS);
    }

    suite.time.advance(60_000);
    const applied = answerValue(adminCalls.adminPublishPromotion, await publish(pending, operators.risk2));
    expect(applied).toMatchObject({
      title: change.title,
      bonus: change.bonus,
      draft: null,
      publishedBy: operators.risk2.username,
      publishedAt: suite.time.clock().toISOString(),
      writtenBy: operators.risk.username,
      createdBy: operators.risk.username,
    });
    expect((await playerList()).find((row) => row.id === promotion.id)).toMatchObject({
      title: 'New bonus',
      bonus: change.bonus,
    });

    // The audit names both operators of each step: the creation, the draft and the publishes.
    const trail = await auditOf(promotion.id);
    expect(trail.map((entry) => [entry.action, entry.operatorUsername])).toEqual([
      ['promotion.publish', operators.risk2.username],
      ['promotion.draft', operators.risk.username],
      ['promotion.publish', operators.risk2.username],
      ['promotion.create', operators.risk.username],
    ]);
    const [publishEntry, draftEntry] = trail;
    expect(draftEntry).toMatchObject({
      before: { draft: null, bonus: before },
      after: { draft: { draftBy: operators.risk.username, change: { bonus: change.bonus } }, bonus: before },
    });
    expect(publishEntry).toMatchObject({
      before: { bonus: before, draft: { draftBy: operators.risk.username } },
      after: {
        bonus: change.bonus,
        draft: null,
        writtenBy: operators.risk.username,
        publishedBy: operators.risk2.username,
      },
    });
  });

  it('publishes once when two operators publish at once, and a second click of the same one changes nothing', async () => {
    const promotion = await made(body());
    const answers = await Promise.all([
      publish(promotion, operators.risk2),
      publish(promotion, operators.owner),
    ]);
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((response) => response.statusCode === 409);
    if (!refused) throw new Error('no refusal');
    expectFailure(refused, 409, 'PROMOTION_NOTHING_PENDING');
    const winner = answers.find((response) => response.statusCode === 200);
    if (!winner) throw new Error('no publish');
    const publishedBy = answerValue(adminCalls.adminPublishPromotion, winner).publishedBy;
    const publisher = publishedBy === operators.risk2.username ? operators.risk2 : operators.owner;

    const change = await drafted(promotion.id, { sort: 5 });
    const twice = await Promise.all([publish(change, publisher), publish(change, publisher)]);
    for (const response of twice)
      expect(answerValue(adminCalls.adminPublishPromotion, response)).toMatchObject({ sort: 5, draft: null });
    const actions = (await auditOf(promotion.id)).map((entry) => entry.action);
    expect(actions).toEqual([
      'promotion.publish',
      'promotion.draft',
      'promotion.publish',
      'promotion.create',
    ]);
  });

  it('replaces a draft and its author; refuses a publish of a change the operator did not read', async () => {
    const promotion = await live();
    const first = await drafted(promotion.id, { sort: 7 });
    const second = await drafted(promotion.id, { sort: 9 }, operators.risk2);
    expect(second.draft).toMatchObject({ change: { sort: 9 }, draftBy: operators.risk2.username });
    expect(Date.parse(second.draft?.draftAt ?? '')).toBeGreaterThan(Date.parse(first.draft?.draftAt ?? ''));

    // The owner read the first draft: publishing it now would publish the second.
    expectFailure(await publish(first, operators.owner), 409, 'PROMOTION_DRAFT_CHANGED');
    expectFailure(await discard(first, operators.owner), 409, 'PROMOTION_DRAFT_CHANGED');
    // The first draft's author did not write the second: they may publish it.
    const applied = answerValue(adminCalls.adminPublishPromotion, await publish(second, operators.risk));
    expect(applied).toMatchObject({ sort: 9, writtenBy: operators.risk2.username, draft: null });
    expectFailure(await publish(applied, operators.owner), 409, 'PROMOTION_NOTHING_PENDING');

    // A new promotion with a draft waits for someone who wrote neither.
    const fresh = await made(body());
    const changed = await drafted(fresh.id, { sort: 3 }, operators.risk2);
    expectFailure(await publish(changed, operators.risk), 409, 'SECOND_APPROVER_REQUIRED');
    expectFailure(await publish(changed, operators.risk2), 409, 'SECOND_APPROVER_REQUIRED');
    expect(
      answerValue(adminCalls.adminPublishPromotion, await publish(changed, operators.owner)),
    ).toMatchObject({
      published: true,
      sort: 3,
      createdBy: operators.risk.username,
      writtenBy: operators.risk2.username,
      publishedBy: operators.owner.username,
    });
  });

  it('discards a draft, keeping the live terms, and withdraws a new promotion never published', async () => {
    const promotion = await live();
    const pending = await drafted(promotion.id, { bonus: { kind: 'fixed', amount: 90_000 } });
    const dropped = answerValue(adminCalls.adminDiscardPromotion, await discard(pending, operators.risk));
    expect(dropped.promotion).toMatchObject({ draft: null, bonus: promotion.bonus, published: true });
    expectFailure(await discard(pending, operators.risk), 409, 'PROMOTION_NOTHING_PENDING');

    const proposal = await made(body());
    const withdrawn = answerValue(adminCalls.adminDiscardPromotion, await discard(proposal, operators.risk2));
    expect(withdrawn.promotion).toBeNull();
    expect((await listed()).list.map((row) => row.id)).not.toContain(proposal.id);
    expectFailure(await publish(proposal, operators.risk2), 404, 'NOT_FOUND');
    // Its code is free again.
    expect((await create(body({ code: proposal.code }))).statusCode).toBe(200);

    const [discarded] = await auditOf(proposal.id);
    expect(discarded).toMatchObject({
      action: 'promotion.discard',
      operatorUsername: operators.risk2.username,
      before: { code: proposal.code, published: false, createdBy: operators.risk.username },
      after: null,
    });
  });

  it('shows a published promotion to players while it runs, and no more once ended now', async () => {
    const promotion = await live();
    expect(promotion).toMatchObject({
      status: 'running',
      type: 'FIRST_DEPOSIT',
      bonus: { kind: 'percent', percent: 50, cap: 200_000 },
      turnover: { multiple: 3, base: 'bonus' },
      currency: 'VND',
      claims: 0,
    });
    expect(promotion.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/);

    const shown = (await playerList()).find((row) => row.id === promotion.id);
    expect(shown).toMatchObject({
      code: promotion.code,
      active: true,
      bonus: { kind: 'percent', percent: 50, cap: 200_000 },
      turnover: { multiple: 3, base: 'bonus' },
    });
    const running = await listed({ status: 'running' });
    expect(running.list.map((row) => row.id)).toContain(promotion.id);
    expect(running.contributions).toMatchObject({ default: expect.any(Number) });

    // A pending change does not hold "end now" back: it applies at once, by its author alone.
    const pending = await drafted(promotion.id, { sort: 4 });
    suite.time.advance(60_000);
    const ended = answerValue(adminCalls.adminUpdatePromotion, await update(promotion.id, { endNow: true }));
    expect(ended).toMatchObject({
      status: 'ended',
      endsAt: suite.time.clock().toISOString(),
      draft: pending.draft,
    });
    expect((await playerList()).map((row) => row.id)).not.toContain(promotion.id);
    expect((await listed({ status: 'ended' })).list.map((row) => row.id)).toContain(promotion.id);
    expect((await listed({ status: 'running' })).list.map((row) => row.id)).not.toContain(promotion.id);
    // Members cannot apply any more.
    const member = await suite.newMember();
    const late = await call(suite.app, API.applyPromotion, member.caller, {
      payload: { promotionId: promotion.id },
    });
    expectFailure(late, 409, 'PROMOTION_NOT_ACTIVE');

    const [endedEntry] = await auditOf(promotion.id);
    expect(endedEntry).toMatchObject({
      action: 'promotion.end',
      operatorUsername: operators.risk.username,
      before: { endsAt: promotion.endsAt, status: 'running' },
      after: { endsAt: ended.endsAt, status: 'ended' },
    });
  });

  it('writes only what is given into the draft, and ends a scheduled promotion before it starts', async () => {
    const scheduled = await live(
      body({ startsAt: at(HOUR), endsAt: at(2 * HOUR), imageUrl: '/m/promo.png' }),
    );
    expect(scheduled).toMatchObject({ status: 'scheduled', imageUrl: '/m/promo.png' });
    // Players see it coming, not running yet.
    expect((await playerList()).find((row) => row.id === scheduled.id)).toMatchObject({ active: false });

    const pending = await drafted(scheduled.id, {
      title: { vi: 'Đổi tên', en: 'Renamed' },
      bonus: { kind: 'fixed', amount: 25_000 },
      turnover: { multiple: 1, base: 'bonus' },
    });
    const changed = answerValue(adminCalls.adminPublishPromotion, await publish(pending, operators.owner));
    expect(changed).toMatchObject({
      title: { vi: 'Đổi tên', en: 'Renamed' },
      summary: scheduled.summary,
      bonus: { kind: 'fixed', amount: 25_000 },
      turnover: { multiple: 1, base: 'bonus' },
      startsAt: scheduled.startsAt,
      endsAt: scheduled.endsAt,
      imageUrl: '/m/promo.png',
    });

    const ended = answerValue(adminCalls.adminUpdatePromotion, await update(scheduled.id, { endNow: true }));
    expect(ended.status).toBe('ended');
    expect(Date.parse(ended.startsAt)).toBeLessThan(Date.parse(ended.endsAt));
    expect((await playerList()).map((row) => row.id)).not.toContain(scheduled.id);
  });

  it('lists the claims with the member, the bonus and its turnover', async () => {
    const promotion = await live();
    const { row, caller } = await memberWhoApplied(promotion.id);
    await suite.deposit(caller, 300_000, 1_000);
    const [claim] = answerValue(
      API.promotionClaims,
      await call(suite.app, API.promotionClaims, caller),
    ).list.filter((item) => item.promotionId === promotion.id);
    if (!claim) throw new Error('no claim');
    const claimed = await call(suite.app, API.claimBonus, caller, { payload: { claimId: claim.id } });
    expect(claimed.statusCode, claimed.body).toBe(200);

    const claims = await value(adminCalls.adminPromotionClaims, operators.risk, {
      params: { promotionId: promotion.id },
    });
    expect(claims.total).toBe(1);
    expect(claims.list[0]).toEqual({
      id: claim.id,
      promotionId: promotion.id,
      memberId: row.id,
      username: row.username,
      referredMember: null,
      status: 'claimed',
      reason: null,
      bonusAmount: 150_000,
      depositAmount: 300_000,
      currency: 'VND',
      turnoverRequired: 450_000,
      turnoverDone: 0,
      turnoverStatus: 'active',
      appliedAt: claim.appliedAt,
      updatedAt: expect.any(String),
    });
    const none = await value(adminCalls.adminPromotionClaims, operators.risk, {
      params: { promotionId: promotion.id },
      query: { status: 'rejected' },
    });
    expect(none).toMatchObject({ list: [], total: 0 });
    expect(await adminRow(promotion.id)).toMatchObject({ claims: 1 });
  });

  it('names the operators who created and published a promotion a member took part in, so they do not pay that member', async () => {
    const ownerA = await newOperator(suite, 'owner');
    const ownerB = await newOperator(suite, 'owner');
    const proposal = await made(
      body({ type: 'DEPOSIT_TURNOVER', minDeposit: 50_000_000, turnover: { multiple: 1, base: 'bonus' } }),
      ownerA,
    );
    const promotion = answerValue(adminCalls.adminPublishPromotion, await publish(proposal, ownerB));
    const { row } = await memberWhoApplied(promotion.id);

    // What a withdrawal's approval reads (docs/back-office.md, "Four eyes").
    const db = suite.database.current.db;
    const { clock } = suite.time;
    const controls = createControlsService({ db, clock, merchantCode: 'kimlong' });
    const segregation = createSegregation({ db, clock, merchantCode: 'kimlong', controls });
    const { blocked, eligible } = await segregation.approvers({ memberId: row.id, firstApprovedBy: null });
    for (const owner of [ownerA, ownerB]) {
      expect(blocked.get(owner.id)).toEqual({ username: owner.username, reasons: ['promotion'] });
      expect(eligible.map((operator) => operator.id)).not.toContain(owner.id);
    }
    expect(blocked.has(operators.owner.id)).toBe(false);
  });

  it('seeds promotions published by nobody and within the default limits', async () => {
    const seeded = (await listed()).list.filter((row) => PROMOTIONS.some((seed) => seed.code === row.code));
    expect(seeded).toHaveLength(PROMOTIONS.length);
    for (const row of seeded) {
      expect(row).toMatchObject({ published: true, publishedBy: null, createdBy: null, writtenBy: null });
      expect(() =>
        checkLimits({ bonus: row.bonus, turnoverMultiple: row.turnover.multiple }, DEFAULT_MONEY_CONTROLS),
      ).not.toThrow();
    }
  });

  it('refuses what the model cannot hold, unknown promotions and roles without write', async () => {
    const refused = async (payload: unknown) => {
      const response = await create(payload);
      expectFailure(response, 400, 'INVALID_INPUT');
      return response;
    };
    await refused(body({ endsAt: at(-30_000), startsAt: at(-60_000) }));
    await refused(body({ startsAt: at(HOUR), endsAt: at(HOUR) }));
    await refused(body({ bonus: { kind: 'percent', percent: 12.345, cap: 1_000 } }));
    await refused(body({ bonus: { kind: 'fixed', amount: 0 } }));
    await refused(body({ imageUrl: 'javascript:alert(1)' }));
    await refused(body({ code: 'bad code!' }));
    await refused({ ...body(), type: 'CASHBACK' });
    await refused({ ...body(), title: { vi: ' ' } });
    // The seeded REFERRAL promotion runs until 2035: another one would pay referrers twice.
    await refused(body({ type: 'REFERRAL' }));

    const first = await made(body());
    const taken = await create(body({ code: first.code.toLowerCase() }));
    expectFailure(taken, 400, 'INVALID_INPUT');
    expect(await update(first.id, { endsAt: at(-HOUR) }).then((response) => response.statusCode)).toBe(400);
    expect(
      refusalOf(await update(first.id, { turnover: { multiple: 0, base: 'bonus' } })).value,
    ).toMatchObject({
      field: 'turnover.multiple',
      reason: 'TURNOVER_BELOW_MINIMUM',
    });
    expectFailure(await update(first.id, {}), 400, 'INVALID_INPUT');
    expectFailure(await update(2_000_000_000, { sort: 1 }), 404, 'NOT_FOUND');
    expectFailure(
      await request(adminCalls.adminPromotionClaims, operators.risk, {
        params: { promotionId: 2_000_000_000 },
      }),
      404,
      'NOT_FOUND',
    );
    expectFailure(
      await request(adminCalls.adminPublishPromotion, operators.risk2, {
        params: { promotionId: first.id },
        payload: {},
      }),
      400,
      'INVALID_INPUT',
    );
    expect((await auditOf(first.id)).length).toBe(1);

    const content = await newOperator(suite, 'content');
    expectFailure(await create(body(), content), 403, 'PERMISSION_DENIED');
    expectFailure(await publish(first, content), 403, 'PERMISSION_DENIED');
    expectFailure(await discard(first, content), 403, 'PERMISSION_DENIED');
    expect((await request(adminCalls.adminPromotions, content)).statusCode).toBe(200);
  });
});
