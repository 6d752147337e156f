import { randomUUID } from 'node:crypto';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
} from '@kl/contracts/provider-wallet';
import {
  FREE_ROUNDS_PURPOSE,
  SANDBOX_PROVIDER_CODE,
  sandboxProviderCalls as calls,
  type SandboxSlotSpinResult,
  type SandboxSlotState,
} from '@kl/contracts/sandbox-provider';
import { sandboxFreeRounds, sandboxSlotSpin, sandboxWalletCall } from '@kl/sandboxes/db/schema';
import { verifySlotSpin } from '@kl/sandboxes/provider/games/slot';
import { providerReportOf } from '@kl/sandboxes/provider/report';
import { createSandboxRepository } from '@kl/sandboxes/provider/repository';
import { signProviderMessage } from '@kl/signing/provider';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ledgerTransaction, providerFreeRounds } from '../../../db/schema/index.ts';
import { DAY_MS, MINUTE_MS } from '../../../platform/clock.ts';
import { DEVELOPMENT_SANDBOX_PROVIDER_SECRET } from '../../../platform/config.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import type { MemberCaller } from '../../../test/suite.ts';
import { useTestApp } from '../../../test/suite.ts';
import { launchableGameId } from '../testing.ts';
import { clientCall, useSandboxProvider } from './testing.ts';

/**
 * Free rounds at the sandbox provider (docs/decisions/065-provider-credits.md,
 * docs/decisions/026-sandbox-provider.md): the operator grants them in its database and hands them to the
 * provider over its signed HTTP call; the member plays them in the provider's slot, which stakes nothing
 * and pays each round's return through the wallet's `free_round` credit, once, whatever the parallel spins,
 * retries and crashes between them.
 */

/** The grant as the operator hands it to the provider (the body its free-rounds call signs). */
interface GrantBody {
  grantId: string;
  playerId: string;
  gameId: string;
  rounds: number;
  roundValue: number;
  currency: string;
  expiresAt: string;
}

describeEachDatabase('sandbox provider free rounds', (kind) => {
  const t = useTestApp(kind);
  const sandbox = useSandboxProvider(t, launchableGameId);
  const { player, dyingAfter } = sandbox;

  /** Free rounds granted to the member in the operator's database (active), as the body handed over. */
  async function grant(memberId: string, rounds: number, roundValue = 2_000n): Promise<GrantBody> {
    const row = await sandbox.operator.grantFreeRounds({
      merchantCode: 'kimlong',
      providerCode: SANDBOX_PROVIDER_CODE,
      memberId,
      gameId: sandbox.gameId,
      rounds,
      roundValue,
      turnoverMultiple: 1,
      expiresAt: new Date(t.time.clock().getTime() + DAY_MS),
    });
    return {
      grantId: row.id,
      playerId: row.memberId,
      gameId: row.gameId,
      rounds: row.rounds,
      roundValue: Number(row.roundValue),
      currency: 'VND',
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /** The operator's call handing a grant to the provider, over HTTP, signed with the provider's key. */
  async function handOver(
    body: GrantBody,
    signing: { secret?: string; timestamp?: number; providerCode?: string } = {},
  ) {
    const raw = JSON.stringify(body);
    const timestamp = String(signing.timestamp ?? Math.floor(t.time.clock().getTime() / 1000));
    const response = await fetch(`${sandbox.providerUrl}${calls.sandboxProviderGrantFreeRounds.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_CODE_HEADER]: signing.providerCode ?? SANDBOX_PROVIDER_CODE,
        [PROVIDER_TIMESTAMP_HEADER]: timestamp,
        [PROVIDER_SIGNATURE_HEADER]: signProviderMessage(
          signing.secret ?? DEVELOPMENT_SANDBOX_PROVIDER_SECRET,
          timestamp,
          FREE_ROUNDS_PURPOSE,
          raw,
        ),
      },
      body: raw,
    });
    const envelope = (await response.json()) as { success: boolean; code?: string; value?: unknown };
    return { status: response.status, ...envelope };
  }

  /** Free rounds granted and handed over (the provider took them). */
  async function granted(memberId: string, rounds: number, roundValue?: bigint): Promise<GrantBody> {
    const body = await grant(memberId, rounds, roundValue);
    expect(await handOver(body)).toMatchObject({ status: 200, success: true });
    return body;
  }

  const state = async (sessionId: string) =>
    (await clientCall<SandboxSlotState>(sandbox.app, calls.sandboxProviderSlot, sessionId)).value;

  const freeSpin = (sessionId: string, requestKey: string = randomUUID()) =>
    clientCall<SandboxSlotSpinResult>(sandbox.app, calls.sandboxProviderSlotSpin, sessionId, {
      payload: { free: true, requestKey },
    });

  const balanceOf = async (caller: MemberCaller) => (await t.walletOf(caller)).sumBalance;

  /** The member's ledger transactions after its funding: kind and amount. */
  const movementsOf = async (memberId: string) =>
    (
      await t.database.current.db
        .select({ kind: ledgerTransaction.kind, amount: ledgerTransaction.amount })
        .from(ledgerTransaction)
        .where(eq(ledgerTransaction.memberId, memberId))
        .orderBy(ledgerTransaction.id)
    )
      .filter((row) => row.kind !== 'deposit')
      .map((row) => ({ kind: row.kind, amount: Number(row.amount) }));

  /** The wallet's postings of a free spin's credit. */
  const creditsOf = async (spinId: string) =>
    (
      await t.database.current.db
        .select({ kind: ledgerTransaction.kind, amount: ledgerTransaction.amount })
        .from(ledgerTransaction)
        .where(
          eq(ledgerTransaction.idempotencyKey, `provider-credit:${SANDBOX_PROVIDER_CODE}:free:${spinId}`),
        )
    ).map((row) => ({ kind: row.kind, amount: Number(row.amount) }));

  const freeSpinsOf = (grantId: string) =>
    sandbox.db.select().from(sandboxSlotSpin).where(eq(sandboxSlotSpin.freeRoundsId, grantId));

  it('takes a grant once: the same body answers the same, another body or a bad signature is refused', async () => {
    const { memberId } = await player(1_000);
    const body = await grant(memberId, 10);
    const first = await handOver(body);
    expect(first).toMatchObject({
      status: 200,
      success: true,
      value: { status: 'RS_OK', grantId: body.grantId, roundsLeft: 10 },
    });
    // Sent again (the operator did not read the answer): the same grant, the same answer.
    expect(await handOver(body)).toEqual(first);
    expect(await handOver({ ...body, rounds: 11 })).toMatchObject({
      status: 409,
      success: false,
      code: 'IDEMPOTENCY_CONFLICT',
    });
    // Not the operator's: another key, a request signed long ago, another provider's code.
    const fresh = await grant(memberId, 5);
    expect(await handOver(fresh, { secret: 'another-key-0123456789abcdef-0123456789' })).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
    });
    const tenMinutesAgo = Math.floor((t.time.clock().getTime() - 10 * MINUTE_MS) / 1000);
    expect(await handOver(fresh, { timestamp: tenMinutesAgo })).toMatchObject({
      status: 401,
      code: 'PROVIDER_TIMESTAMP_EXPIRED',
    });
    expect(await handOver(fresh, { providerCode: 'other' })).toMatchObject({
      status: 401,
      code: 'PROVIDER_SIGNATURE_INVALID',
    });
    expect(await handOver({ ...fresh, rounds: 0 })).toMatchObject({ status: 400, code: 'INVALID_INPUT' });
    const stored = await sandbox.db
      .select({ id: sandboxFreeRounds.id, rounds: sandboxFreeRounds.rounds })
      .from(sandboxFreeRounds)
      .where(eq(sandboxFreeRounds.playerId, memberId));
    expect(stored).toEqual([{ id: body.grantId, rounds: 10 }]);
  });

  it('plays every free round without a stake, each return credited once as a free-round win', async () => {
    const { memberId, caller, sessionId } = await player(1_000);
    expect((await state(sessionId)).freeRounds).toBeNull();
    const { grantId } = await granted(memberId, 20, 2_000n);
    // 2 000 a round over the machine's 20 lines.
    expect((await state(sessionId)).freeRounds).toEqual({ grantId, roundsLeft: 20, lineBet: 100 });

    let won = 0;
    for (let round = 1; round <= 20; round += 1) {
      const answer = await freeSpin(sessionId);
      expect(answer.status, JSON.stringify(answer.value)).toBe(200);
      const result = answer.value;
      expect(result).toMatchObject({ free: true, stake: 0, lineBet: 100, replayed: false });
      expect(result.freeRounds).toEqual(
        round < 20 ? { grantId, roundsLeft: 20 - round, lineBet: 100 } : null,
      );
      // The round is the engine's at the free rounds' line bet, from the seeds it reveals.
      const seed = result.fairness.serverSeed;
      if (!seed) throw new Error('the spin’s seed was not revealed');
      const replay = verifySlotSpin({ ...result.fairness, serverSeed: seed }, 100, {
        lineBet: 100,
        totalBet: 2_000,
        spins: result.spins,
        totalWin: result.returned,
      });
      expect(replay.valid).toBe(true);
      won += result.returned;
      expect(result.balance).toBe(1_000 + won);
      expect(await creditsOf(result.spinId)).toEqual(
        result.returned > 0 ? [{ kind: 'free_round_win', amount: result.returned }] : [],
      );
    }
    expect(won).toBeGreaterThan(0);

    // None left: the free spin is refused and the slot shows none.
    expect(await freeSpin(sessionId)).toMatchObject({
      status: 409,
      code: 'BONUS_NOT_CLAIMABLE',
      value: { reason: 'NO_FREE_ROUNDS' },
    });
    expect((await state(sessionId)).freeRounds).toBeNull();

    // The member was paid exactly the rounds' returns as free-round wins, and never staked.
    expect(await balanceOf(caller)).toBe(1_000 + won);
    const movements = await movementsOf(memberId);
    expect(movements.every((movement) => movement.kind === 'free_round_win')).toBe(true);
    expect(movements.reduce((sum, movement) => sum + movement.amount, 0)).toBe(won);
    const [grantRow] = await t.database.current.db
      .select({ won: providerFreeRounds.won })
      .from(providerFreeRounds)
      .where(eq(providerFreeRounds.id, grantId));
    expect(grantRow?.won).toBe(BigInt(won));
    expect(await freeSpinsOf(grantId)).toHaveLength(20);
    // The provider's daily report lists them as its credits to the member.
    const report = await providerReportOf(
      { repo: createSandboxRepository(sandbox.db), clock: t.time.clock, providerCode: SANDBOX_PROVIDER_CODE },
      t.time.clock().toISOString().slice(0, 10),
    );
    const reported = report.transactions.filter((call) => call.playerId === memberId);
    const byAmount = (a: { amount: number }, b: { amount: number }) => a.amount - b.amount;
    expect(reported.sort(byAmount).map(({ action, status, amount }) => ({ action, status, amount }))).toEqual(
      movements.sort(byAmount).map(({ amount }) => ({ action: 'credit', status: 'accepted', amount })),
    );
  });

  it('plays exactly the rounds granted when free spins come in a burst', async () => {
    const { memberId, caller, sessionId } = await player(1_000);
    const { grantId } = await granted(memberId, 3);
    const answers = await Promise.all(Array.from({ length: 8 }, () => freeSpin(sessionId)));
    const played = answers.filter((answer) => answer.status === 200);
    expect(played).toHaveLength(3);
    for (const answer of answers.filter((candidate) => candidate.status !== 200))
      expect(answer).toMatchObject({ status: 409, code: 'BONUS_NOT_CLAIMABLE' });
    const [stored] = await sandbox.db
      .select({ used: sandboxFreeRounds.used })
      .from(sandboxFreeRounds)
      .where(eq(sandboxFreeRounds.id, grantId));
    expect(stored?.used).toBe(3);
    expect(await freeSpinsOf(grantId)).toHaveLength(3);
    const won = played.reduce((sum, answer) => sum + answer.value.returned, 0);
    expect(await balanceOf(caller)).toBe(1_000 + won);
    expect(await movementsOf(memberId)).not.toContainEqual(expect.objectContaining({ kind: 'bet' }));
  });

  it('answers a repeated free spin with the first one, and refuses its key for a paid spin', async () => {
    const { memberId, caller, sessionId } = await player(10_000);
    await granted(memberId, 2);
    const key = randomUUID();
    const first = await freeSpin(sessionId, key);
    expect(first.status).toBe(200);
    const again = await freeSpin(sessionId, key);
    expect(again.value).toMatchObject({
      spinId: first.value.spinId,
      returned: first.value.returned,
      replayed: true,
      freeRounds: { roundsLeft: 1 },
    });
    expect(await balanceOf(caller)).toBe(10_000 + first.value.returned);
    const paid = await clientCall(sandbox.app, calls.sandboxProviderSlotSpin, sessionId, {
      payload: { lineBet: 100, requestKey: key },
    });
    expect(paid).toMatchObject({ status: 409, code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('finishes a free spin whose credit got no answer with recover, paid once and never rolled back', async () => {
    const { memberId, caller, sessionId } = await player(1_000);
    const { grantId } = await granted(memberId, 20);
    const dying = dyingAfter('credit');
    const session = await dying.sessions.resolve(`Bearer ${sessionId}`);
    // Free spins until one wins: its credit reaches the wallet, and its answer never comes back.
    let before = 1_000;
    let lost: string | undefined;
    for (let round = 0; round < 20 && !lost; round += 1) {
      const requestKey = randomUUID();
      try {
        const result = await dying.slot.spin(session, { free: true, requestKey });
        before = result.balance;
      } catch (error) {
        expect(error).toMatchObject({ code: 'GAME_PROVIDER_UNAVAILABLE' });
        lost = requestKey;
      }
    }
    if (!lost) throw new Error('twenty free rounds won nothing');
    const [spin] = await sandbox.db
      .select()
      .from(sandboxSlotSpin)
      .where(eq(sandboxSlotSpin.requestKey, lost));
    if (!spin) throw new Error('the interrupted free spin was not written');
    expect(spin).toMatchObject({ status: 'pending', freeRoundsId: grantId, stake: 0n });
    const returned = Number(spin.returned);
    // The wallet took the credit: the member has it already.
    expect(await balanceOf(caller)).toBe(before + returned);

    t.time.advance(MINUTE_MS + 1);
    await sandbox.provider.tick();
    await sandbox.provider.tick();
    const [finished] = await sandbox.db
      .select({ status: sandboxSlotSpin.status })
      .from(sandboxSlotSpin)
      .where(eq(sandboxSlotSpin.id, spin.id));
    expect(finished?.status).toBe('settled');
    expect(await creditsOf(spin.id)).toEqual([{ kind: 'free_round_win', amount: returned }]);
    expect(await balanceOf(caller)).toBe(before + returned);
    const rollbacks = await sandbox.db
      .select()
      .from(sandboxWalletCall)
      .where(eq(sandboxWalletCall.transactionId, `rollback:${spin.id}`));
    expect(rollbacks).toEqual([]);
  });
});
