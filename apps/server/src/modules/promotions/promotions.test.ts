import { randomUUID } from 'node:crypto';
import { API, successEnvelope } from '@kl/contracts';
import {
  claimBonusResult,
  myReferral,
  promotionClaim,
  promotionClaims,
  promotionDetail,
  promotionList,
  type PromotionClaim,
} from '@kl/contracts/promotions';
import { walletBalance } from '@kl/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransaction, member, promotion, registrationFieldRule } from '../../db/schema/index.ts';
import { call, freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { usePromotionIds, useTestApp } from '../../test/suite.ts';
import { checkLedger } from '../wallet/index.ts';
import { claimCreditKey } from './service.ts';

describeEachDatabase('promotions', (kind) => {
  const suite = useTestApp(kind);
  const { database, time } = suite;
  const ids = usePromotionIds(database);
  const newMember = (type = 0) => suite.newMember({ type });
  type Caller = { ip: string; cookie?: string };
  const deposit = (caller: Caller, amount: number) => suite.deposit(caller, amount, 1_000);
  const apply = (caller: Caller, promotionId: number) =>
    call(suite.app, API.applyPromotion, caller, { payload: { promotionId } });
  const claimsOf = async (caller: Caller) => {
    const response = await call(suite.app, API.promotionClaims, caller);
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(promotionClaims).parse(json(response)).value.list;
  };
  const claimOf = async (caller: Caller, promotionId: number): Promise<PromotionClaim | undefined> =>
    (await claimsOf(caller)).find((claim) => claim.promotionId === promotionId);
  const claim = (caller: Caller, claimId: number) =>
    call(suite.app, API.claimBonus, caller, { payload: { claimId } });
  const balanceOf = async (caller: Caller) =>
    successEnvelope(walletBalance).parse(json(await call(suite.app, API.wallet, caller))).value.available;

  describe('list and detail', () => {
    it('lists the seeded promotions to visitors, in their language', async () => {
      const response = await call(suite.app, API.promotions, { ip: freshIp() });
      expect(response.statusCode).toBe(200);
      const { list } = successEnvelope(promotionList).parse(json(response)).value;
      expect(list.map((row) => row.type)).toEqual(['FIRST_DEPOSIT', 'DEPOSIT_TURNOVER', 'REFERRAL']);
      expect(list[0]).toMatchObject({
        code: 'WELCOME100',
        title: '100% first deposit bonus',
        bonus: { kind: 'percent', percent: 100, cap: 1_000_000 },
        minDeposit: 100_000,
        active: true,
      });
      expect(list[0]?.imageUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    });

    it('answers the detail HTML by id; unknown 404, malformed 400', async () => {
      const ok = await call(
        suite.app,
        API.promotionDetail,
        { ip: freshIp() },
        { query: { id: String(ids.RELOAD500) } },
      );
      expect(ok.statusCode).toBe(200);
      expect(successEnvelope(promotionDetail).parse(json(ok)).value.detailHtml).toContain('<p>');
      const unknown = await call(
        suite.app,
        API.promotionDetail,
        { ip: freshIp() },
        { query: { id: '999999' } },
      );
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toMatchObject({ code: 'NOT_FOUND' });
      for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
        const bad = await call(suite.app, API.promotionDetail, { ip: freshIp() }, { query: { id } });
        expect(bad.statusCode, id).toBe(400);
        expect(json(bad), id).toMatchObject({ code: 'INVALID_INPUT' });
      }
    });
  });

  describe('deposit promotion: applying → issued → claimed', () => {
    it('issues the bonus when paid deposits reach the minimum and credits it once', async () => {
      const { caller } = await newMember();
      const applied = await apply(caller, ids.RELOAD500!);
      expect(applied.statusCode, applied.body).toBe(200);
      const first = successEnvelope(promotionClaim).parse(json(applied)).value;
      expect(first).toMatchObject({ status: 'applying', bonusAmount: null, reason: null });

      const again = await apply(caller, ids.RELOAD500!);
      expect(again.statusCode).toBe(409);
      expect(json(again)).toMatchObject({ code: 'PROMOTION_ALREADY_APPLIED' });

      // Not issued yet: claiming is refused.
      const early = await claim(caller, first.id);
      expect(early.statusCode).toBe(409);
      expect(json(early)).toMatchObject({ code: 'BONUS_NOT_CLAIMABLE' });

      await deposit(caller, 300_000);
      expect(await claimOf(caller, ids.RELOAD500!)).toMatchObject({ status: 'applying' });
      await deposit(caller, 200_000);
      expect(await claimOf(caller, ids.RELOAD500!)).toMatchObject({ status: 'issued', bonusAmount: 58_000 });

      const before = await balanceOf(caller);
      const claimed = await claim(caller, first.id);
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(successEnvelope(claimBonusResult).parse(json(claimed)).value).toMatchObject({
        credited: true,
        claim: { status: 'claimed', bonusAmount: 58_000 },
      });
      expect(await balanceOf(caller)).toBe(before + 58_000);

      const twice = await claim(caller, first.id);
      expect(twice.statusCode).toBe(200);
      expect(json(twice)).toMatchObject({ value: { credited: false, claim: { status: 'claimed' } } });
      expect(await balanceOf(caller)).toBe(before + 58_000);
      const credits = await database.current.db
        .select()
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.idempotencyKey, claimCreditKey(first.id)));
      expect(credits).toHaveLength(1);
      expect(credits[0]).toMatchObject({ kind: 'bonus', amount: 58_000n });
    });

    it('concurrent claims of one bonus credit it once', async () => {
      const { caller } = await newMember();
      const applied = successEnvelope(promotionClaim).parse(json(await apply(caller, ids.WELCOME100!))).value;
      await deposit(caller, 300_000);
      expect(await claimOf(caller, ids.WELCOME100!)).toMatchObject({
        status: 'issued',
        bonusAmount: 300_000,
      });
      const before = await balanceOf(caller);
      const answers = await Promise.all(Array.from({ length: 20 }, () => claim(caller, applied.id)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
      const credited = answers.filter(
        (answer) => json<{ value: { credited: boolean } }>(answer).value.credited,
      );
      expect(credited).toHaveLength(1);
      expect(await balanceOf(caller)).toBe(before + 300_000);
      const report = await checkLedger(database.current.db);
      expect(report.problems).toEqual([]);
    });

    it('caps a percent bonus', async () => {
      const { caller } = await newMember();
      await apply(caller, ids.WELCOME100!);
      await deposit(caller, 5_000_000);
      expect(await claimOf(caller, ids.WELCOME100!)).toMatchObject({
        status: 'issued',
        bonusAmount: 1_000_000,
      });
    });
  });

  describe('rejections', () => {
    it('first-deposit promotion after a deposit: rejected NOT_FIRST_DEPOSIT, nothing to claim', async () => {
      const { caller } = await newMember();
      await deposit(caller, 100_000);
      const applied = successEnvelope(promotionClaim).parse(json(await apply(caller, ids.WELCOME100!))).value;
      expect(applied).toMatchObject({ status: 'rejected', reason: 'NOT_FIRST_DEPOSIT' });
      const refused = await claim(caller, applied.id);
      expect(refused.statusCode).toBe(409);
      expect(json(refused)).toMatchObject({ code: 'BONUS_NOT_CLAIMABLE' });
    });

    it('first deposit below the minimum: rejected DEPOSIT_TOO_SMALL', async () => {
      const { caller } = await newMember();
      await apply(caller, ids.WELCOME100!);
      await deposit(caller, 60_000);
      expect(await claimOf(caller, ids.WELCOME100!)).toMatchObject({
        status: 'rejected',
        reason: 'DEPOSIT_TOO_SMALL',
      });
    });

    it('the window ends unmet: rejected WINDOW_ENDED; applying then is PROMOTION_NOT_ACTIVE', async () => {
      const db = database.current.db;
      const now = time.clock();
      const [short] = await db
        .insert(promotion)
        .values({
          merchantCode: 'kimlong',
          code: `SHORT${Date.now()}`,
          type: 'DEPOSIT_TURNOVER',
          title: { vi: 'Ngắn', en: 'Short' },
          summary: { vi: 'Ngắn' },
          detailHtml: { vi: '<p>Ngắn</p>' },
          imageUrl: '/m/short.png',
          startsAt: new Date(now.getTime() - 60_000),
          endsAt: new Date(now.getTime() + 3_600_000),
          bonusKind: 'fixed',
          bonusAmount: 10_000n,
          minDeposit: 1_000_000n,
          currency: 'VND',
          publishedAt: new Date(now.getTime() - 60_000),
        })
        .returning();
      const { caller } = await newMember();
      const late = await newMember();
      expect((await apply(caller, short!.id)).statusCode).toBe(200);
      await deposit(caller, 100_000);
      time.advance(2 * 3_600_000);
      expect(await claimOf(caller, short!.id)).toMatchObject({ status: 'rejected', reason: 'WINDOW_ENDED' });
      const closed = await apply(late.caller, short!.id);
      expect(closed.statusCode).toBe(409);
      expect(json(closed)).toMatchObject({ code: 'PROMOTION_NOT_ACTIVE' });
    });
  });

  describe('refusals', () => {
    it('trial members may not apply, claim or get a referral code', async () => {
      const { caller } = await newMember(4);
      for (const response of [
        await apply(caller, ids.RELOAD500!),
        await claim(caller, 1),
        await call(suite.app, API.myReferral, caller),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(json(response)).toMatchObject({
          code: 'FEATURE_NOT_ENABLED',
          value: { reason: 'free_reject' },
        });
      }
      expect(await claimsOf(caller)).toEqual([]);
    });

    it('visitors are asked to log in', async () => {
      for (const response of [
        await apply({ ip: freshIp() }, ids.RELOAD500!),
        await call(suite.app, API.promotionClaims, { ip: freshIp() }),
        await call(suite.app, API.myReferral, { ip: freshIp() }),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(json(response)).toMatchObject({ code: 'NOT_LOGGED_IN' });
      }
    });

    it('bad and unknown ids; another member’s claim; REFERRAL is not applied to', async () => {
      const { caller } = await newMember();
      for (const promotionId of ['x', '5', true, null, -3, 0, 1.5, 2 ** 31]) {
        const bad = await call(suite.app, API.applyPromotion, caller, { payload: { promotionId } });
        expect(bad.statusCode, String(promotionId)).toBe(400);
      }
      expect((await apply(caller, 999_999)).statusCode).toBe(404);
      const referral = await apply(caller, ids.INVITE50!);
      expect(referral.statusCode).toBe(400);
      expect(json(referral)).toMatchObject({
        code: 'INVALID_INPUT',
        value: { reason: 'REFERRAL_NOT_APPLIED' },
      });

      const other = await newMember();
      const theirs = successEnvelope(promotionClaim).parse(
        json(await apply(other.caller, ids.RELOAD500!)),
      ).value;
      expect((await claim(caller, theirs.id)).statusCode).toBe(404);
      expect((await claim(caller, 999_999)).statusCode).toBe(404);
      expect(
        (await call(suite.app, API.claimBonus, caller, { payload: { claimId: 'abc' } })).statusCode,
      ).toBe(400);
    });
  });

  describe('referral', () => {
    it('gives each member a stable code, link and QR; counts referred members', async () => {
      const { caller } = await newMember();
      const first = successEnvelope(myReferral).parse(
        json(await call(suite.app, API.myReferral, caller)),
      ).value;
      expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
      expect(first.link).toBe(`/m/register?recommenderId=${first.code}`);
      expect(first.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(first.referredCount).toBe(0);
      expect(first.promotion).toMatchObject({ type: 'REFERRAL', code: 'INVITE50' });
      const again = successEnvelope(myReferral).parse(
        json(await call(suite.app, API.myReferral, caller)),
      ).value;
      expect(again.code).toBe(first.code);

      const friend = await newMember();
      await database.current.db
        .update(member)
        .set({ recommenderId: first.code.toLowerCase() })
        .where(eq(member.id, friend.row.id));
      const counted = successEnvelope(myReferral).parse(
        json(await call(suite.app, API.myReferral, caller)),
      ).value;
      expect(counted.referredCount).toBe(1);
    });

    it('the referrer’s bonus is issued once the referred member has deposited and played, and claimed once', async () => {
      // A REFERRAL promotion written and not published (docs/back-office.md, "Promotions") pays nobody.
      const [unpublished] = await database.current.db
        .insert(promotion)
        .values({
          merchantCode: 'kimlong',
          code: `UNPUBLISHED${Date.now()}`,
          type: 'REFERRAL',
          title: { vi: 'Chưa đăng', en: 'Not published' },
          summary: { vi: 'Chưa đăng' },
          detailHtml: { vi: '<p>Chưa đăng</p>' },
          imageUrl: '/m/unpublished.png',
          startsAt: new Date(time.clock().getTime() - 60_000),
          endsAt: new Date(time.clock().getTime() + 24 * 3_600_000),
          bonusKind: 'fixed',
          bonusAmount: 5_000_000n,
          minDeposit: 0n,
          currency: 'VND',
        })
        .returning();
      const referrer = await newMember();
      const { code } = successEnvelope(myReferral).parse(
        json(await call(suite.app, API.myReferral, referrer.caller)),
      ).value;
      const friend = await newMember();
      await database.current.db
        .update(member)
        .set({ recommenderId: code })
        .where(eq(member.id, friend.row.id));

      expect(await claimOf(referrer.caller, ids.INVITE50!)).toBeUndefined();
      await deposit(friend.caller, 150_000);
      await deposit(friend.caller, 150_000);
      // Deposited but not played yet: the friend does not qualify (the merchant asks 100,000 ₫ staked).
      expect(await claimOf(referrer.caller, ids.INVITE50!)).toBeUndefined();
      for (let spin = 0; spin < 5; spin += 1) {
        const spun = await call(suite.app, API.slotSpin, friend.caller, {
          payload: { lineBet: 1_000, requestKey: randomUUID() },
        });
        expect(spun.statusCode, spun.body).toBe(200);
      }
      const referralClaims = (await claimsOf(referrer.caller)).filter(
        (row) => row.promotionId === ids.INVITE50,
      );
      expect(referralClaims).toHaveLength(1);
      expect(referralClaims[0]).toMatchObject({ status: 'issued', bonusAmount: 50_000 });
      expect(referralClaims[0]?.referredMember).toBe(friend.row.username);

      const before = await balanceOf(referrer.caller);
      const claimed = await claim(referrer.caller, referralClaims[0]!.id);
      expect(json(claimed)).toMatchObject({ value: { credited: true, claim: { status: 'claimed' } } });
      await claim(referrer.caller, referralClaims[0]!.id);
      expect(await balanceOf(referrer.caller)).toBe(before + 50_000);
      // The friend gets nothing from it; reading again changes nothing.
      expect(await claimOf(friend.caller, ids.INVITE50!)).toBeUndefined();
      expect(
        (await claimsOf(referrer.caller)).filter((row) => row.promotionId === ids.INVITE50),
      ).toHaveLength(1);
      expect((await claimsOf(referrer.caller)).map((row) => row.promotionId)).not.toContain(unpublished!.id);
      const referral = successEnvelope(myReferral).parse(
        json(await call(suite.app, API.myReferral, referrer.caller)),
      ).value;
      expect(referral.promotion?.id).toBe(ids.INVITE50);
    });

    it('the seed turns on the referrer field of the registration', async () => {
      const [rule] = await database.current.db
        .select()
        .from(registrationFieldRule)
        .where(
          and(
            eq(registrationFieldRule.merchantCode, 'kimlong'),
            eq(registrationFieldRule.field, 'recommenderId'),
          ),
        );
      expect(rule).toMatchObject({ enabled: true, required: false });
    });
  });
});
