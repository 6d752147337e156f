import { randomUUID } from 'node:crypto';
import type { SandboxSlotState, SandboxSlotSpinResult } from '@kl/contracts/sandbox-provider';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sandboxProviderCalls as calls } from '@kl/contracts/sandbox-provider';
import { sandboxSlotSpin } from '@kl/sandboxes/db/schema';
import { ledgerTransaction } from '../../../db/schema/index.ts';
import { MINUTE_MS } from '../../../platform/clock.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { type MemberCaller, useTestApp } from '../../../test/suite.ts';
import { launchableGameId } from '../testing.ts';
import { verifySlotSpin } from '@kl/sandboxes/provider/games/slot';
import { SANDBOX_PROVIDER_CODE } from '@kl/sandboxes/provider/index';
import { clientCall, gameRecordOf, useSandboxProvider } from './testing.ts';

/**
 * The sandbox slot as a player and the operator see it (docs/decisions/026-sandbox-provider.md): each spin
 * is one wallet round, its stake and its return moved once through the wallet over HTTP, whatever the
 * retries and crashes between them.
 */

describeEachDatabase('sandbox provider slot', (kind) => {
  const t = useTestApp(kind);
  const sandbox = useSandboxProvider(t, launchableGameId);
  const { dyingAfter, player } = sandbox;

  const spin = (sessionId: string, lineBet: number, requestKey: string = randomUUID()) =>
    clientCall<SandboxSlotSpinResult>(sandbox.app, calls.sandboxProviderSlotSpin, sessionId, {
      payload: { lineBet, requestKey },
    });

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;

  /** The ledger transactions the wallet posted for the spin's stake and for its win. */
  async function postingsOf(spinId: string) {
    const count = async (key: string) =>
      (
        await t.database.current.db
          .select({ id: ledgerTransaction.id })
          .from(ledgerTransaction)
          .where(eq(ledgerTransaction.idempotencyKey, key))
      ).length;
    return {
      bets: await count(`provider-bet:${SANDBOX_PROVIDER_CODE}:bet:${spinId}`),
      wins: await count(`provider-win:${SANDBOX_PROVIDER_CODE}:win:${spinId}`),
    };
  }

  const recordOf = (caller: MemberCaller, roundId: string) => gameRecordOf(t.app, caller, roundId);

  const statusOf = async (spinId: string) =>
    (
      await sandbox.db
        .select({ status: sandboxSlotSpin.status })
        .from(sandboxSlotSpin)
        .where(eq(sandboxSlotSpin.id, spinId))
    )[0]?.status;

  it('answers the machine: its line bets, lines and pays', async () => {
    const { sessionId } = await player(1_000);
    const machine = await clientCall<SandboxSlotState>(sandbox.app, calls.sandboxProviderSlot, sessionId);
    expect(machine.status).toBe(200);
    expect(machine.value).toMatchObject({ rows: 3, reelCount: 5, lineCount: 20, freeRounds: null });
    expect(machine.value.lineBets).toContain(100);
    expect(await clientCall(sandbox.app, calls.sandboxProviderSlot, undefined)).toMatchObject({
      status: 401,
      code: 'SESSION_EXPIRED',
    });
  });

  it('takes each spin’s total bet once and pays what the revealed round returns once', async () => {
    const { caller, sessionId } = await player(1_000_000);
    let expected = 1_000_000;
    let won: SandboxSlotSpinResult | undefined;
    for (let played = 0; played < 40 && !won; played += 1) {
      const answer = await spin(sessionId, 100);
      expect(answer.status, JSON.stringify(answer.value)).toBe(200);
      const result = answer.value;
      expect(result).toMatchObject({ lineBet: 100, stake: 2_000, replayed: false });
      const seed = result.fairness.serverSeed;
      if (!seed) throw new Error('the spin’s seed was not revealed');
      const verified = verifySlotSpin({ ...result.fairness, serverSeed: seed }, 100, {
        lineBet: 100,
        totalBet: result.stake,
        spins: result.spins,
        totalWin: result.returned,
      });
      expect(verified.valid).toBe(true);
      expected += result.returned - result.stake;
      expect(result.balance).toBe(expected);
      expect(await postingsOf(result.spinId)).toEqual({ bets: 1, wins: result.returned > 0 ? 1 : 0 });
      if (result.returned > 0) won = result;
    }
    if (!won) throw new Error('forty spins won nothing');
    expect(await balanceOf(caller)).toBe(expected);
    expect(await recordOf(caller, won.spinId)).toMatchObject({
      vendorCode: SANDBOX_PROVIDER_CODE,
      stake: 2_000,
      payout: won.returned,
      status: 'settled',
    });
  });

  it('refuses a spin above the balance, and parallel spins never take the balance below zero', async () => {
    const poor = await player(1_999);
    const refused = await spin(poor.sessionId, 100);
    expect(refused).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_BALANCE',
      value: { providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY' },
    });
    expect(await balanceOf(poor.caller)).toBe(1_999);
    expect(
      await sandbox.db.select().from(sandboxSlotSpin).where(eq(sandboxSlotSpin.sessionId, poor.sessionId)),
    ).toEqual([]);

    const { caller, sessionId } = await player(5_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => spin(sessionId, 100)));
    const accepted = answers.filter((answer) => answer.status === 200);
    for (const answer of answers.filter((candidate) => candidate.status !== 200))
      expect(answer).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE' });
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    const balance = await balanceOf(caller);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(
      accepted.reduce((sum, answer) => sum - answer.value.stake + answer.value.returned, 5_000),
    );
  });

  it('answers a retried spin with the first one, never staking or paying it twice', async () => {
    const { caller, sessionId } = await player(100_000);
    const key = randomUUID();
    const first = await spin(sessionId, 500, key);
    expect(first.status).toBe(200);
    const again = await spin(sessionId, 500, key);
    expect(again.value).toMatchObject({
      spinId: first.value.spinId,
      returned: first.value.returned,
      balance: first.value.balance,
      replayed: true,
    });
    expect(await balanceOf(caller)).toBe(100_000 - 10_000 + first.value.returned);
    expect(await postingsOf(first.value.spinId)).toEqual({ bets: 1, wins: first.value.returned > 0 ? 1 : 0 });
    // The same key with another bet is another request: refused.
    expect(await spin(sessionId, 100, key)).toMatchObject({ status: 409, code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('finishes a spin whose win answer was lost when the player retries it: paid once', async () => {
    const { caller, sessionId } = await player(100_000);
    const key = randomUUID();
    const dying = dyingAfter('win');
    const session = await dying.sessions.resolve(`Bearer ${sessionId}`);
    await expect(dying.slot.spin(session, { lineBet: 200, requestKey: key })).rejects.toMatchObject({
      code: 'GAME_PROVIDER_UNAVAILABLE',
    });
    const retried = await spin(sessionId, 200, key);
    expect(retried.status, JSON.stringify(retried.value)).toBe(200);
    expect(retried.value.replayed).toBe(true);
    expect(await balanceOf(caller)).toBe(100_000 - 4_000 + retried.value.returned);
    expect(retried.value.balance).toBe(100_000 - 4_000 + retried.value.returned);
    expect(await postingsOf(retried.value.spinId)).toEqual({
      bets: 1,
      wins: retried.value.returned > 0 ? 1 : 0,
    });
    // The recovery pass later finds nothing to do.
    t.time.advance(MINUTE_MS + 1);
    await sandbox.provider.tick();
    expect(await balanceOf(caller)).toBe(100_000 - 4_000 + retried.value.returned);
  });

  it('recovers interrupted spins: a lost stake refunded, a lost win recorded as paid, each once', async () => {
    const { caller, sessionId } = await player(100_000);
    const session = await sandbox.provider.sessions.resolve(`Bearer ${sessionId}`);

    // The stake reached the wallet, its answer never came back, and no one retried.
    const lostStake = randomUUID();
    await expect(
      dyingAfter('bet').slot.spin(session, { lineBet: 100, requestKey: lostStake }),
    ).rejects.toMatchObject({ code: 'GAME_PROVIDER_UNAVAILABLE' });
    expect(await balanceOf(caller)).toBe(98_000);

    // The win reached the wallet, its answer never came back.
    const lostWin = randomUUID();
    await expect(
      dyingAfter('win').slot.spin(session, { lineBet: 1_000, requestKey: lostWin }),
    ).rejects.toMatchObject({ code: 'GAME_PROVIDER_UNAVAILABLE' });
    const [paidSpin] = await sandbox.db
      .select()
      .from(sandboxSlotSpin)
      .where(eq(sandboxSlotSpin.requestKey, lostWin));
    if (!paidSpin) throw new Error('the interrupted spin was not written');
    const returned = Number(paidSpin.returned);

    // Too early: nothing is touched yet.
    await sandbox.provider.tick();
    expect(await statusOf(paidSpin.id)).toBe('pending');

    t.time.advance(MINUTE_MS + 1);
    await sandbox.provider.tick();
    await sandbox.provider.tick();
    expect(await balanceOf(caller)).toBe(100_000 - 20_000 + returned);
    expect(await statusOf(paidSpin.id)).toBe('settled');
    expect(await postingsOf(paidSpin.id)).toEqual({ bets: 1, wins: returned > 0 ? 1 : 0 });
    // The refunded spin is over: its key answers that it is closed, and takes nothing again.
    expect(await spin(sessionId, 100, lostStake)).toMatchObject({ status: 409, code: 'GAME_ROUND_CLOSED' });
    expect(await balanceOf(caller)).toBe(100_000 - 20_000 + returned);
  });
});
