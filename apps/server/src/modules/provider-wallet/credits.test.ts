import { randomUUID } from 'node:crypto';
import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import { API } from '@kl/contracts/api-paths';
import type { ProviderCreditKind } from '@kl/contracts/provider-wallet';
import type { TurnoverSummary } from '@kl/contracts/wagering';
import { eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerTransaction, providerFreeRounds, wageringSetting } from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/clock.ts';
import { call } from '../../test/accounts.ts';
import { json } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../test/suite.ts';
import { checkLedger, checkWagering } from '../wallet/index.ts';
import { checkProviderTransactions } from './index.ts';
import { TEST_PROVIDER, useProviderCalls } from './testing.ts';

/**
 * A provider's credits without a stake (docs/decisions/065-provider-credits.md): free rounds the operator
 * granted, the provider's bonus, promotion and jackpot wins, each paid once under its own ledger kind and
 * with its own turnover rule, as the member's wallet and turnover show them.
 */

const OTHER_PROVIDER = {
  code: 'creditprov',
  name: 'Credit provider',
  secret: 'credit-provider-secret-0123456789abc',
};

describeEachDatabase('provider credits', { embedded: true }, (kind) => {
  const t = useTestApp(kind);
  const suite = useProviderCalls(t, [OTHER_PROVIDER]);
  const { send, player } = suite;

  const credit = (
    sessionId: string,
    kind: ProviderCreditKind,
    amount: number,
    extra: { grantId?: string; roundId?: string; transactionId?: string } = {},
  ) => ({
    sessionId,
    transactionId: extra.transactionId ?? randomUUID(),
    kind,
    amount,
    currency: 'VND',
    ...(extra.grantId !== undefined && { grantId: extra.grantId }),
    ...(extra.roundId !== undefined && { roundId: extra.roundId }),
  });

  const turnoverOf = async (caller: MemberCaller) =>
    json<{ value: TurnoverSummary }>(await call(t.app, API.walletTurnover, caller)).value;

  const ledgerKindsUnder = async (keyPattern: string) =>
    (
      await t.database.current.db
        .select({ kind: ledgerTransaction.kind, amount: ledgerTransaction.amount })
        .from(ledgerTransaction)
        .where(like(ledgerTransaction.idempotencyKey, keyPattern))
    ).map((row) => [row.kind, Number(row.amount)]);

  const grant = (memberId: string, turnoverMultiple: number, providerCode = TEST_PROVIDER.code) =>
    suite.service.grantFreeRounds({
      merchantCode: 'kimlong',
      providerCode,
      memberId,
      gameId: suite.gameId,
      rounds: 10,
      roundValue: 2_000n,
      turnoverMultiple,
      expiresAt: new Date(t.time.clock().getTime() + 7 * DAY_MS),
    });

  it('pays a jackpot once, as cash the member can withdraw at once', async () => {
    const { sessionId, caller } = await player(0);
    const body = credit(sessionId, 'jackpot', 500_000, { roundId: 'jackpot-round' });
    const first = await send('credit', body);
    expect(first).toMatchObject({ status: 200, providerStatus: 'RS_OK', value: { balance: 500_000 } });
    // A retried credit (a lost answer) answers the first answer and pays nothing again.
    expect(await send('credit', body)).toEqual(first);
    expect(await ledgerKindsUnder(`provider-credit:${TEST_PROVIDER.code}:${body.transactionId}`)).toEqual([
      ['jackpot_win', 500_000],
    ]);
    expect(await turnoverOf(caller)).toMatchObject({ available: 500_000, locked: 0, withdrawable: 500_000 });
    // The same id asking for another amount is a provider's mistake, refused.
    expect(await send('credit', { ...body, amount: 600_000 })).toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_CONFLICT',
      providerStatus: 'RS_ERROR_DUPLICATE_TRANSACTION',
    });
    expect((await t.walletOf(caller)).sumBalance).toBe(500_000);
  });

  it("locks free rounds' winnings under the grant's turnover, and counts them on the grant", async () => {
    const { sessionId, memberId, caller } = await player(0);
    const freeRounds = await grant(memberId, 5);
    const body = credit(sessionId, 'free_round', 20_000, { grantId: freeRounds.id, roundId: 'fr-1' });
    expect(await send('credit', body)).toMatchObject({ status: 200, value: { balance: 20_000 } });
    expect(await send('credit', body)).toMatchObject({ status: 200, value: { balance: 20_000 } });
    await send('credit', credit(sessionId, 'free_round', 6_000, { grantId: freeRounds.id, roundId: 'fr-2' }));

    const turnover = await turnoverOf(caller);
    expect(turnover).toMatchObject({ available: 26_000, locked: 26_000, withdrawable: 0 });
    expect(
      turnover.requirements.map(({ source, required, locked }) => ({ source, required, locked })),
    ).toEqual([
      { source: 'free_rounds', required: 100_000, locked: 20_000 },
      { source: 'free_rounds', required: 30_000, locked: 6_000 },
    ]);
    // The member sees which game's free rounds they are.
    expect(turnover.requirements[0]?.promotionTitle).toBe(freeRounds.gameName);
    const [stored] = await t.database.current.db
      .select({ won: providerFreeRounds.won })
      .from(providerFreeRounds)
      .where(eq(providerFreeRounds.id, freeRounds.id));
    expect(stored?.won).toBe(26_000n);
    expect(await ledgerKindsUnder(`provider-credit:${TEST_PROVIDER.code}:${body.transactionId}`)).toEqual([
      ['free_round_win', 20_000],
    ]);

    // A grant without turnover pays cash.
    const cash = await grant(memberId, 0);
    await send('credit', credit(sessionId, 'free_round', 4_000, { grantId: cash.id }));
    expect(await turnoverOf(caller)).toMatchObject({ available: 30_000, withdrawable: 4_000 });
  });

  it('refuses free-round credits of rounds granted to another member or at another provider', async () => {
    const { sessionId, memberId, caller } = await player(0);
    const other = await player(0);
    const theirs = await grant(other.memberId, 1);
    const elsewhere = await grant(memberId, 1, OTHER_PROVIDER.code);
    for (const grantId of [theirs.id, elsewhere.id, randomUUID()]) {
      expect(await send('credit', credit(sessionId, 'free_round', 1_000, { grantId }))).toMatchObject({
        status: 404,
        code: 'NOT_FOUND',
        value: { reason: 'FREE_ROUNDS_NOT_FOUND' },
      });
    }
    // A free-round credit names its grant, and only it does.
    expect(await send('credit', credit(sessionId, 'free_round', 1_000))).toMatchObject({
      status: 400,
      providerStatus: 'RS_ERROR_WRONG_SYNTAX',
    });
    expect(await send('credit', credit(sessionId, 'bonus', 1_000, { grantId: theirs.id }))).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    });
    expect(await send('credit', { ...credit(sessionId, 'promo', 1_000), currency: 'USD' })).toMatchObject({
      status: 400,
      providerStatus: 'RS_ERROR_WRONG_CURRENCY',
    });
    expect((await t.walletOf(caller)).sumBalance).toBe(0);
  });

  it("plays a bonus-campaign win through at the merchant's bonus multiple, a promotion prize once", async () => {
    const [setting] = await t.database.current.db
      .select({ multiple: wageringSetting.bonusTurnoverMultiple })
      .from(wageringSetting)
      .where(eq(wageringSetting.merchantCode, 'kimlong'));
    const multiple = setting?.multiple ?? 1;
    const { sessionId, caller } = await player(0);
    await send('credit', credit(sessionId, 'bonus', 10_000));
    await send('credit', credit(sessionId, 'promo', 3_000));
    const turnover = await turnoverOf(caller);
    expect(turnover).toMatchObject({ available: 13_000, locked: 13_000, withdrawable: 0 });
    expect(turnover.requirements.map(({ source, required }) => [source, required])).toEqual([
      ['provider_bonus', 10_000 * multiple],
      ['provider_bonus', 3_000],
    ]);
  });

  it('pays a trial player a jackpot in play money, but no promotional credit', async () => {
    const { row } = await t.newMember({ type: TRIAL_MEMBER_TYPE });
    const { token } = await suite.service.issueLaunchToken({
      merchantCode: 'kimlong',
      memberId: row.id,
      providerCode: TEST_PROVIDER.code,
      gameId: suite.gameId,
    });
    const session = await send('authenticate', { token });
    const sessionId = String(session.value.sessionId);
    const before = Number(session.value.balance);
    expect(await send('credit', credit(sessionId, 'promo', 1_000))).toMatchObject({
      status: 403,
      providerStatus: 'RS_ERROR_USER_DISABLED',
    });
    expect(await send('credit', credit(sessionId, 'jackpot', 1_000))).toMatchObject({
      status: 200,
      value: { balance: before + 1_000 },
    });
    await expect(grant(row.id, 1)).rejects.toMatchObject({ code: 'FEATURE_NOT_ENABLED' });
  });

  it('refuses a grant out of bounds, and leaves a ledger the checks find sound', async () => {
    const { memberId } = await player(0);
    const base = {
      merchantCode: 'kimlong',
      providerCode: TEST_PROVIDER.code,
      memberId,
      gameId: suite.gameId,
      rounds: 10,
      roundValue: 1_000n,
      turnoverMultiple: 1,
      expiresAt: new Date(t.time.clock().getTime() + DAY_MS),
    };
    for (const wrong of [
      { rounds: 0 },
      { rounds: 1_001 },
      { roundValue: 0n },
      { turnoverMultiple: 101 },
      { expiresAt: t.time.clock() },
    ]) {
      await expect(suite.service.grantFreeRounds({ ...base, ...wrong })).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
    }
    await expect(suite.service.grantFreeRounds({ ...base, gameId: 'no-such-game' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const db = t.database.current.db;
    const problems = [
      ...(await checkLedger(db)).problems,
      ...(await checkProviderTransactions(db)).problems,
      ...(await checkWagering(db)).problems,
    ];
    expect(problems).toEqual([]);
    // The check sees free rounds whose winnings do not add up.
    await db.update(providerFreeRounds).set({ won: 1n });
    expect((await checkProviderTransactions(db)).problems.map((problem) => problem.kind)).toContain(
      'provider_free_rounds_mismatch',
    );
  });
});
