import { API, successEnvelope } from '@kl/contracts';
import { memberInfo } from '@kl/contracts/accounts';
import { myVip, vipLevels } from '@kl/contracts/vip';
import { walletBalance } from '@kl/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransaction, vipLevel } from '../../db/schema/index.ts';
import { call, freshIp } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { useTestApp } from '../../test/suite.ts';
import { checkLedger } from '../wallet/index.ts';
import { upgradeBonusKey } from './service.ts';
import { VIP_LEVELS } from './seed.ts';

describeEachDatabase('vip', { embedded: true }, (kind) => {
  const suite = useTestApp(kind);
  const { database, deposit } = suite;
  const newMember = (type = 0) => suite.newMember({ type });
  type Caller = Awaited<ReturnType<typeof newMember>>['caller'];

  const vipOf = async (caller: Caller) =>
    successEnvelope(myVip).parse(json(await call(suite.app, API.myVip, caller))).value;
  const labelOf = async (caller: Caller) =>
    successEnvelope(memberInfo).parse(json(await call(suite.app, API.memberInfo, caller))).value.clubLabel
      .labelName;

  it('lists the seeded levels with their benefits, lowest first, in the caller’s language', async () => {
    const response = await call(suite.app, API.vipLevels, { ip: freshIp() });
    expect(response.statusCode).toBe(200);
    const { list, currency } = successEnvelope(vipLevels).parse(json(response)).value;
    expect(currency).toBe('VND');
    expect(list.map((level) => level.level)).toEqual(VIP_LEVELS.map((level) => level.level));
    expect(list[0]).toMatchObject({ level: 0, name: 'Member', depositThreshold: 0 });
    expect(list[1]).toMatchObject({
      level: 1,
      name: 'Bronze',
      depositThreshold: 1_000_000,
      benefits: { upgradeBonus: 18_000, dailyWithdrawalCount: 5, rebatePercent: 0.4 },
    });
  });

  it('computes the member’s level from paid deposits; member info shows it', async () => {
    const { caller } = await newMember();
    expect(await labelOf(caller)).toBe('0');
    expect(await vipOf(caller)).toMatchObject({
      level: 0,
      paidDeposits: 0,
      next: { level: 1, depositThreshold: 1_000_000, remaining: 1_000_000 },
      progressPercent: 0,
    });

    await deposit(caller, 600_000);
    expect(await vipOf(caller)).toMatchObject({ level: 0, paidDeposits: 600_000, progressPercent: 60 });
    await deposit(caller, 400_000);
    expect(await vipOf(caller)).toMatchObject({
      level: 1,
      name: 'Bronze',
      paidDeposits: 1_000_000,
      next: { level: 2, remaining: 9_000_000 },
      progressPercent: 0,
    });
    expect(await labelOf(caller)).toBe('1');
  });

  it('levels are data: a changed threshold changes the level', async () => {
    const { caller } = await newMember();
    await deposit(caller, 200_000);
    expect((await vipOf(caller)).level).toBe(0);
    await database.current.db
      .update(vipLevel)
      .set({ depositThreshold: 100_000n })
      .where(eq(vipLevel.level, 1));
    try {
      expect(await vipOf(caller)).toMatchObject({ level: 1 });
      expect(await labelOf(caller)).toBe('1');
    } finally {
      await database.current.db
        .update(vipLevel)
        .set({ depositThreshold: 1_000_000n })
        .where(eq(vipLevel.level, 1));
    }
  });

  it('credits the upgrade bonus of each level reached once, also under concurrent reads', async () => {
    const { row, caller } = await newMember();
    const balance = async () =>
      successEnvelope(walletBalance).parse(json(await call(suite.app, API.wallet, caller))).value.available;
    await deposit(caller, 10_000_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(suite.app, API.myVip, caller)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect((await vipOf(caller)).level).toBe(2);
    // Bronze 18,000 + Silver 88,000, once each.
    expect(await balance()).toBe(10_000_000 + 18_000 + 88_000);
    const credits = await database.current.db
      .select()
      .from(ledgerTransaction)
      .where(and(eq(ledgerTransaction.memberId, row.id), eq(ledgerTransaction.kind, 'bonus')));
    expect(credits.map((credit) => credit.idempotencyKey).sort()).toEqual([
      upgradeBonusKey(row.id, 1),
      upgradeBonusKey(row.id, 2),
    ]);
    expect((await checkLedger(database.current.db)).problems).toEqual([]);
  });

  describe('refusals', () => {
    it('my VIP needs a session', async () => {
      const response = await call(suite.app, API.myVip, { ip: freshIp() });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ code: 'NOT_LOGGED_IN' });
    });

    it('a trial member is level 0', async () => {
      const { caller } = await newMember(4);
      expect(await vipOf(caller)).toMatchObject({ level: 0, paidDeposits: 0 });
    });
  });
});
