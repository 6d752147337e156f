import { randomUUID } from 'node:crypto';
import { API, successEnvelope } from '@kl/contracts';
import { promotionClaims, type PromotionClaim } from '@kl/contracts/promotions';
import { forfeitBonusResult, turnoverSummary, type TurnoverSummary } from '@kl/contracts/wagering';
import { bankAccount } from '@kl/contracts/withdrawal';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  gameRound,
  ledgerTransaction,
  member,
  promotionClaim,
  wageringRequirement,
} from '../../db/schema/index.ts';
import { call } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { usePromotionIds, useTestApp } from '../../test/suite.ts';
import { createGameRecordsModule } from '../game-records/index.ts';
import { giveApprovedKyc } from '../kyc/testing.ts';
import { checkLedger, checkWagering, createWalletModule } from './index.ts';

const PASSWORD = '246810';
type Caller = { ip: string; cookie?: string };

describeEachDatabase('wagering', { embedded: true }, (kind) => {
  const suite = useTestApp(kind);
  const { database, time } = suite;
  const ids = usePromotionIds(database);

  async function newMember(values: { registerIp?: string; registerDevice?: string } = {}) {
    const created = await suite.newMember();
    if (values.registerIp || values.registerDevice) {
      await database.current.db.update(member).set(values).where(eq(member.id, created.row.id));
    }
    return created;
  }
  const deposit = (caller: Caller, amount: number) => suite.deposit(caller, amount, 1_000);

  const turnoverOf = async (caller: Caller): Promise<TurnoverSummary> => {
    const response = await call(suite.app, API.walletTurnover, caller);
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(turnoverSummary).parse(json(response)).value;
  };

  const claimsOf = async (caller: Caller): Promise<PromotionClaim[]> => {
    const response = await call(suite.app, API.promotionClaims, caller);
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(promotionClaims).parse(json(response)).value.list;
  };

  /** Applies, deposits, and claims the issued bonus of a promotion. */
  async function claimedBonus(caller: Caller, code: string, amount: number): Promise<PromotionClaim> {
    const applied = await call(suite.app, API.applyPromotion, caller, {
      payload: { promotionId: ids[code] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await deposit(caller, amount);
    const issued = (await claimsOf(caller)).find((claim) => claim.promotionId === ids[code]);
    expect(issued?.status).toBe('issued');
    const claimed = await call(suite.app, API.claimBonus, caller, { payload: { claimId: issued?.id } });
    expect(claimed.statusCode, claimed.body).toBe(200);
    return json<{ value: { claim: PromotionClaim } }>(claimed).value.claim;
  }

  let accountNumbers = 100_000_000;
  /** A payment password, a bank account and an identity checked (the merchant asks for it first). */
  async function readyToWithdraw(caller: Caller, memberId: string) {
    await giveApprovedKyc(database.current.db, memberId);
    const set = await call(suite.app, API.setPaymentPassword, caller, {
      payload: { password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    accountNumbers += 1;
    const bound = await call(suite.app, API.addBankAccount, caller, {
      payload: { bankCode: 'VCB', accountNumber: String(accountNumbers), accountName: 'NGUYEN VAN AN' },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    return successEnvelope(bankAccount).parse(json(bound)).value;
  }
  const withdraw = (caller: Caller, bankAccountId: string, amount: number) =>
    call(suite.app, API.createWithdrawal, caller, {
      payload: { bankAccountId, amount, paymentPassword: PASSWORD, requestKey: randomUUID() },
    });

  /** Slot spins of 20 lines × lineBet until `stake` has been staked. */
  async function playSlot(caller: Caller, stake: number, lineBet = 5_000) {
    for (let staked = 0; staked < stake; staked += lineBet * 20) {
      const spun = await call(suite.app, API.slotSpin, caller, {
        payload: { lineBet, requestKey: randomUUID() },
      });
      expect(spun.statusCode, spun.body).toBe(200);
    }
  }

  describe('bonus turnover', () => {
    it('keeps a first-deposit bonus and its deposit locked until 15 × (deposit + bonus) is staked', async () => {
      const { row, caller } = await newMember();
      const claim = await claimedBonus(caller, 'WELCOME100', 1_000_000);
      expect(claim.requirement).toMatchObject({
        source: 'bonus',
        status: 'active',
        required: 30_000_000,
        progress: 0,
        locked: 2_000_000,
        lockedBonus: 1_000_000,
      });
      const account = await readyToWithdraw(caller, row.id);

      // The attack of the report: the bonus and the deposit out at once, with nothing played.
      const refused = await withdraw(caller, account.accountId, 2_000_000);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(json(refused)).toMatchObject({
        code: 'TURNOVER_NOT_MET',
        value: { withdrawable: 0, locked: 2_000_000, remainingTurnover: 30_000_000 },
      });
      const summary = await turnoverOf(caller);
      expect(summary).toMatchObject({ available: 2_000_000, locked: 2_000_000, withdrawable: 0 });
      // One requirement: the deposit's own became the bonus's, so it is not locked twice.
      expect(summary.requirements).toHaveLength(1);
      expect(summary.requirements[0]).toMatchObject({ promotionTitle: '100% first deposit bonus' });

      // Money the member adds later is its own deposit's business: locked until played once.
      await deposit(caller, 300_000);
      expect(await turnoverOf(caller)).toMatchObject({
        available: 2_300_000,
        locked: 2_300_000,
        withdrawable: 0,
      });
    });

    it('counts settled stakes by category share, locks bonus winnings, unlocks when met', async () => {
      const { row, caller } = await newMember();
      await claimedBonus(caller, 'RELOAD500', 500_000);
      // RELOAD500: 5 × 58,000 on the bonus; the deposit: 1 × 500,000.
      let summary = await turnoverOf(caller);
      expect(summary.requirements.map((item) => [item.source, item.required, item.locked])).toEqual([
        ['deposit', 500_000, 500_000],
        ['bonus', 290_000, 58_000],
      ]);
      expect(summary.contributions.categories).toMatchObject({ RNG: 100, LOTT: 50 });

      await playSlot(caller, 200_000);
      summary = await turnoverOf(caller);
      expect(summary.requirements.map((item) => item.progress)).toEqual([200_000, 200_000]);
      // What the spins won while the bonus ran is locked with it; never more than the balance.
      const rounds = await database.current.db.select().from(gameRound).where(eq(gameRound.memberId, row.id));
      const won = rounds.reduce((sum, round) => sum + round.payout, 0n);
      const bonus = summary.requirements[1];
      expect(BigInt(bonus?.lockedBonus ?? -1)).toBeLessThanOrEqual(58_000n + won);
      expect(summary.locked).toBeLessThanOrEqual(summary.available);

      await playSlot(caller, 100_000);
      summary = await turnoverOf(caller);
      // The bonus's 290,000 is reached; the deposit's 500,000 not yet.
      expect(summary.requirements.find((item) => item.source === 'bonus')).toMatchObject({
        status: 'met',
        locked: 0,
        progress: 290_000,
      });
      expect(summary.requirements.find((item) => item.source === 'deposit')?.status).toBe('active');

      await playSlot(caller, 200_000);
      summary = await turnoverOf(caller);
      expect(summary.requirements.every((item) => item.status === 'met')).toBe(true);
      expect(summary.locked).toBe(0);
      expect(summary.withdrawable).toBe(summary.available);
      const account = await readyToWithdraw(caller, row.id);
      const asked = await withdraw(caller, account.accountId, Math.min(summary.withdrawable, 100_000));
      if (summary.withdrawable >= 100_000) expect(asked.statusCode, asked.body).toBe(200);
      expect((await checkLedger(database.current.db)).problems).toEqual([]);
    });

    it('a lottery stake counts half (the merchant’s share for LOTT), once, when its round settles', async () => {
      const { row, caller } = await newMember();
      await deposit(caller, 200_000);
      // A game source as the lottery is one: the stake through the ledger, the round through the game records.
      const wallet = createWalletModule({ db: database.current.db, clock: time.clock });
      const records = createGameRecordsModule({
        db: database.current.db,
        clock: time.clock,
        onSettled: (round, tx) => wallet.wageringRules.roundSettled(round, tx),
      }).gameRecordsService;
      const roundKey = randomUUID();
      const bet = await wallet.ledgerService.post({
        merchantCode: 'kimlong',
        memberId: row.id,
        idempotencyKey: `test-lottery-bet:${roundKey}`,
        kind: 'bet',
        amount: 40_000n,
      });
      const round = {
        merchantCode: 'kimlong',
        memberId: row.id,
        vendorCode: 'TEST_LOTTO',
        roundKey,
        gameId: 'lotto',
        nodeId: 'lotto',
        gameType: 'LOTT' as const,
        gameName: 'Lotto',
        stake: 40_000n,
        betTransactionId: bet.transactionId,
      };
      await records.recordRound(round);
      expect((await turnoverOf(caller)).requirements[0]).toMatchObject({ progress: 0 });
      const settle = {
        merchantCode: 'kimlong',
        vendorCode: 'TEST_LOTTO',
        roundKey,
        outcome: 'settled' as const,
        payout: 0n,
        settleTransactionId: null,
      };
      await records.settleRound(settle);
      await records.settleRound(settle);
      expect((await turnoverOf(caller)).requirements[0]).toMatchObject({
        progress: 20_000,
        required: 200_000,
      });
      // A cancelled round counts nothing.
      const cancelledKey = randomUUID();
      const stake = await wallet.ledgerService.post({
        merchantCode: 'kimlong',
        memberId: row.id,
        idempotencyKey: `test-lottery-bet:${cancelledKey}`,
        kind: 'bet',
        amount: 10_000n,
      });
      await records.recordRound({
        ...round,
        roundKey: cancelledKey,
        stake: 10_000n,
        betTransactionId: stake.transactionId,
      });
      const refund = await wallet.ledgerService.post({
        merchantCode: 'kimlong',
        memberId: row.id,
        idempotencyKey: `test-lottery-cancel:${cancelledKey}`,
        kind: 'reversal',
        reversesTransactionId: stake.transactionId,
      });
      await records.settleRound({
        ...settle,
        roundKey: cancelledKey,
        outcome: 'cancelled',
        payout: 10_000n,
        settleTransactionId: refund.transactionId,
      });
      expect((await turnoverOf(caller)).requirements[0]).toMatchObject({ progress: 20_000 });
      expect((await checkLedger(database.current.db)).problems).toEqual([]);
    });

    it('forfeiting a running bonus takes out the locked bonus once and unlocks its deposit', async () => {
      const { row, caller } = await newMember();
      const claim = await claimedBonus(caller, 'WELCOME100', 200_000);
      const requirementId = claim.requirement?.id ?? 0;
      const forfeits = await Promise.all(
        Array.from({ length: 5 }, () =>
          call(suite.app, API.forfeitBonus, caller, { payload: { requirementId } }),
        ),
      );
      const ok = forfeits.filter((response) => response.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(forfeits.filter((response) => response.statusCode === 409)).toHaveLength(4);
      expect(json(forfeits.find((response) => response.statusCode === 409) ?? { body: '{}' })).toMatchObject({
        code: 'BONUS_NOT_FORFEITABLE',
      });
      expect(successEnvelope(forfeitBonusResult).parse(json(ok[0] ?? { body: '{}' })).value).toMatchObject({
        forfeited: 200_000,
        requirement: { status: 'forfeited', locked: 0 },
      });
      const summary = await turnoverOf(caller);
      expect(summary).toMatchObject({ available: 200_000, locked: 0, withdrawable: 200_000 });
      const forfeited = await database.current.db
        .select()
        .from(ledgerTransaction)
        .where(and(eq(ledgerTransaction.memberId, row.id), eq(ledgerTransaction.kind, 'bonus_forfeit')));
      expect(forfeited.map((item) => item.amount)).toEqual([200_000n]);
      // A deposit's requirement cannot be forfeited; another member's is not found.
      const other = await newMember();
      expect(
        (await call(suite.app, API.forfeitBonus, other.caller, { payload: { requirementId } })).statusCode,
      ).toBe(404);
      expect((await checkLedger(database.current.db)).problems).toEqual([]);
    });

    it('parallel withdrawals never take locked money', async () => {
      const { row, caller } = await newMember();
      await claimedBonus(caller, 'RELOAD500', 500_000);
      await playSlot(caller, 500_000, 5_000);
      const summary = await turnoverOf(caller);
      // Both requirements are met after 500,000: everything left is withdrawable; lock a fresh deposit.
      await deposit(caller, 400_000);
      const account = await readyToWithdraw(caller, row.id);
      const free = summary.withdrawable;
      const asks = await Promise.all(
        Array.from({ length: 4 }, () => withdraw(caller, account.accountId, 100_000)),
      );
      const accepted = asks.filter((response) => response.statusCode === 200).length;
      expect(accepted).toBeLessThanOrEqual(Math.floor(free / 100_000));
      for (const refused of asks.filter((response) => response.statusCode !== 200)) {
        expect(['TURNOVER_NOT_MET', 'WITHDRAWAL_DAILY_LIMIT']).toContain(
          json<{ code: string }>(refused).code,
        );
      }
      const after = await turnoverOf(caller);
      expect(after.locked).toBe(400_000);
      expect(after.available).toBeGreaterThanOrEqual(400_000);
    });
  });

  describe('every bonus', () => {
    it('a bonus credited without terms of its own (a VIP upgrade) asks the merchant’s 1 × the bonus', async () => {
      const { row, caller } = await newMember();
      // Reaching VIP 1 (paid deposits) and reading one's level credits the upgrade bonus.
      await deposit(caller, 1_000_000);
      const me = await call(suite.app, API.myVip, caller);
      expect(me.statusCode, me.body).toBe(200);
      const [bonus] = await database.current.db
        .select()
        .from(ledgerTransaction)
        .where(and(eq(ledgerTransaction.memberId, row.id), eq(ledgerTransaction.kind, 'bonus')));
      expect(bonus?.amount ?? 0n).toBeGreaterThan(0n);
      const summary = await turnoverOf(caller);
      const vipRequirement = summary.requirements.find((item) => item.source === 'bonus');
      expect(vipRequirement).toMatchObject({
        status: 'active',
        promotionId: null,
        promotionTitle: null,
        required: Number(bonus?.amount),
        lockedBonus: Number(bonus?.amount),
      });
      expect(summary.locked).toBe(1_000_000 + Number(bonus?.amount));
      expect((await checkWagering(database.current.db)).problems).toEqual([]);
    });
  });

  describe('deposits', () => {
    it('a deposit is played through once before it can be withdrawn', async () => {
      const { row, caller } = await newMember();
      await deposit(caller, 300_000);
      const account = await readyToWithdraw(caller, row.id);
      const refused = await withdraw(caller, account.accountId, 300_000);
      expect(json(refused)).toMatchObject({
        code: 'TURNOVER_NOT_MET',
        value: { withdrawable: 0, locked: 300_000, remainingTurnover: 300_000 },
      });
      await playSlot(caller, 300_000, 1_000);
      const summary = await turnoverOf(caller);
      expect(summary).toMatchObject({ locked: 0 });
      expect(summary.requirements[0]).toMatchObject({ source: 'deposit', status: 'met', progress: 300_000 });
    });
  });

  describe('ledger check', () => {
    it('finds turnover that the rounds do not add up to, locks above the balance and stray forfeits', async () => {
      expect((await checkWagering(database.current.db)).problems).toEqual([]);
      const { row, caller } = await newMember();
      await deposit(caller, 150_000);
      await playSlot(caller, 40_000, 1_000);
      expect((await checkWagering(database.current.db)).problems).toEqual([]);
      const [requirement] = await database.current.db
        .select()
        .from(wageringRequirement)
        .where(eq(wageringRequirement.memberId, row.id));
      await database.current.db
        .update(wageringRequirement)
        .set({ progress: (requirement?.progress ?? 0n) + 1_000n, lockedDeposit: 10_000_000n })
        .where(eq(wageringRequirement.id, requirement?.id ?? 0));
      const kinds = (await checkWagering(database.current.db)).problems.map((problem) => problem.kind);
      expect(kinds).toEqual(['turnover_progress_mismatch', 'turnover_locked_over_balance']);
      await database.current.db
        .update(wageringRequirement)
        .set({ progress: requirement?.progress ?? 0n, lockedDeposit: requirement?.lockedDeposit ?? 0n })
        .where(eq(wageringRequirement.id, requirement?.id ?? 0));
      expect((await checkWagering(database.current.db)).problems).toEqual([]);
    });
  });

  describe('referral', () => {
    async function referred(referrer: Awaited<ReturnType<typeof newMember>>, values = {}) {
      const code = json<{ value: { code: string } }>(await call(suite.app, API.myReferral, referrer.caller))
        .value.code;
      const friend = await newMember(values);
      await database.current.db
        .update(member)
        .set({ recommenderId: code })
        .where(eq(member.id, friend.row.id));
      return friend;
    }
    const referralClaims = async (caller: Caller) =>
      (await claimsOf(caller)).filter((claim) => claim.promotionId === ids.INVITE50);

    it('waits until the friend has deposited and played, then issues the reward once', async () => {
      const referrer = await newMember({
        registerIp: '198.51.100.1',
        registerDevice: 'device-aaaaaaaaaaaaaaaa',
      });
      const friend = await referred(referrer, {
        registerIp: '198.51.100.2',
        registerDevice: 'device-bbbbbbbbbbbbbbbb',
      });
      await deposit(friend.caller, 100_000);
      // Deposited but not played: nothing yet (the farming of the report: deposit and withdraw at once).
      expect(await referralClaims(referrer.caller)).toEqual([]);
      await playSlot(friend.caller, 100_000, 1_000);
      const claims = await referralClaims(referrer.caller);
      expect(claims).toHaveLength(1);
      expect(claims[0]).toMatchObject({ status: 'issued', bonusAmount: 50_000 });
    });

    it('refuses the reward when the two share a registration address or a device, with the reason', async () => {
      const referrer = await newMember({
        registerIp: '198.51.100.7',
        registerDevice: 'device-cccccccccccccccc',
      });
      const sameAddress = await referred(referrer, { registerIp: '198.51.100.7' });
      const sameDevice = await referred(referrer, {
        registerIp: '198.51.100.8',
        registerDevice: 'device-cccccccccccccccc',
      });
      for (const friend of [sameAddress, sameDevice]) {
        await deposit(friend.caller, 100_000);
        await playSlot(friend.caller, 100_000, 1_000);
      }
      const claims = await referralClaims(referrer.caller);
      expect(claims.map((claim) => [claim.referredMember, claim.status, claim.reason]).sort()).toEqual(
        [
          [sameAddress.row.username, 'rejected', 'REFERRAL_SHARED_ADDRESS'],
          [sameDevice.row.username, 'rejected', 'REFERRAL_SHARED_DEVICE'],
        ].sort(),
      );
      // A refused reward is never paid: claiming it is refused.
      const refused = await call(suite.app, API.claimBonus, referrer.caller, {
        payload: { claimId: claims[0]?.id },
      });
      expect(json(refused)).toMatchObject({ code: 'BONUS_NOT_CLAIMABLE' });
    });

    it('a bank account number belongs to one member; a friend who tried the referrer’s earns nothing', async () => {
      const referrer = await newMember({ registerIp: '198.51.100.20' });
      const friend = await referred(referrer, { registerIp: '198.51.100.21' });
      const bind = (caller: Caller, accountName: string) =>
        call(suite.app, API.addBankAccount, caller, {
          payload: { bankCode: 'ACB', accountNumber: '9988776655', accountName },
        });
      const first = await bind(referrer.caller, 'NGUYEN VAN AN');
      expect(first.statusCode, first.body).toBe(200);
      const taken = await bind(friend.caller, 'NGUYEN VAN AN');
      expect(taken.statusCode).toBe(409);
      expect(json(taken)).toMatchObject({
        code: 'BANK_ACCOUNT_TAKEN',
        message: 'This bank account is already linked to another member',
      });
      // Four members at once: one owner.
      const others = await Promise.all(Array.from({ length: 4 }, () => newMember()));
      const raced = await Promise.all(
        others.map((other) =>
          call(suite.app, API.addBankAccount, other.caller, {
            payload: { bankCode: 'TCB', accountNumber: '1122334455', accountName: 'NGUYEN VAN AN' },
          }),
        ),
      );
      expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);

      await deposit(friend.caller, 100_000);
      await playSlot(friend.caller, 100_000, 1_000);
      const claims = await referralClaims(referrer.caller);
      expect(claims).toMatchObject([{ status: 'rejected', reason: 'REFERRAL_SHARED_BANK_ACCOUNT' }]);
      const rows = await database.current.db
        .select()
        .from(promotionClaim)
        .where(eq(promotionClaim.memberId, referrer.row.id));
      expect(rows.map((claim) => claim.reason)).toEqual(['REFERRAL_SHARED_BANK_ACCOUNT']);
    });
  });
});
