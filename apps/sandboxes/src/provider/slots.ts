import {
  SANDBOX_SLOT_LINE_BETS,
  type SandboxSlotFreeRounds,
  type SandboxSlotMachine,
  type SandboxSlotSpinRequest,
  type SandboxSlotSpinResult,
  type SandboxSlotState,
} from '@kl/contracts/sandbox-provider';
import { machineLayout, type SpinOutcome } from '@kl/contracts/slot-engine';
import { SLOT_MACHINE } from '@kl/contracts/slot-machine';
import { addMs, type Clock, MINUTE_MS } from '../platform/clock.ts';
import { randomToken } from '../platform/crypto.ts';
import { DomainError } from '../platform/api.ts';
import { hashServerSeed } from './games/fair.ts';
import { createSlotSpin, resolveSlotSpin } from './games/slot.ts';
import type { FreeRoundsRow, NewSpinRow, SandboxRepository, SpinRow } from './repository.ts';
import type { SandboxActivity } from './scheduler.ts';
import { asPlayer, type ProviderSessionRow, runEach } from './sessions.ts';
import { type WalletClient, WalletRefusal } from './wallet-client.ts';

/**
 * The sandbox slot (docs/decisions/026-sandbox-provider.md, as fishing): a spin is one wallet round named
 * by the spin's id, the `bet` of the total bet, then at once the `win` of what the round returns (0 when
 * nothing won) that ends the round. The spin's seeds are drawn and its round played before the stake is
 * taken; the row is written first, so a spin cut short (no answer to its `bet`, a crash) is rolled back by
 * `recover`, or, when its round had already ended with the win, recorded as paid.
 *
 * The player's request key names the spin within the session: the same key again answers that spin, and
 * finishes it first when it was left pending (the same transaction ids, which the wallet answers with
 * their first answers), so a retried spin never stakes or pays twice.
 *
 * A free round (docs/decisions/065-provider-credits.md) plays one round of the player's oldest grant in the
 * game (`free-rounds.ts`) at the grant's line bet. The round is taken from the grant in the transaction that
 * writes the spin, before it is played, so parallel spins never play more rounds than granted. Nothing is
 * staked; what it returned is the wallet's `credit` (`free_round`, the grant, id `free:<spin>`), none when
 * it returned nothing. A free spin left pending is finished by sending its credit again, never rolled back;
 * a credit the wallet refuses pays nothing, and the round goes back to the grant.
 */

/** A spin still pending after this long got no answer: it is rolled back. */
export const PENDING_SPIN_MS = MINUTE_MS;

/** The machine as the game client draws it: its lines, symbols and pays, and the line bets taken. */
export function sandboxSlotMachineInfo(): SandboxSlotMachine {
  return { ...machineLayout(SLOT_MACHINE), lineBets: [...SANDBOX_SLOT_LINE_BETS] };
}

/**
 * The line bet a free round plays at: its value (the round's total stake) spread over the machine's lines,
 * rounded down; a value below one unit a line plays at the smallest line bet taken.
 */
export function freeRoundLineBet(roundValue: bigint, lineCount: number = SLOT_MACHINE.lines.length): number {
  const even = Number(roundValue / BigInt(lineCount));
  return even >= 1 ? even : SANDBOX_SLOT_LINE_BETS[0];
}

const freeRoundsOf = (grant: FreeRoundsRow | undefined): SandboxSlotFreeRounds | null =>
  grant
    ? {
        grantId: grant.id,
        roundsLeft: grant.rounds - grant.used,
        lineBet: freeRoundLineBet(grant.roundValue),
      }
    : null;

/** A paid spin's line bet (the request's schema makes a paid spin name one). */
function paidLineBet(request: SandboxSlotSpinRequest): number {
  if (request.lineBet === undefined)
    throw new DomainError('INVALID_INPUT', { field: 'lineBet', reason: 'LINE_BET_REQUIRED' });
  return request.lineBet;
}

export function createSandboxSlot(deps: {
  repo: SandboxRepository;
  clock: Clock;
  wallet: WalletClient;
  /** Told when the spin written becomes due for recovery, should it stay pending. */
  activity?: SandboxActivity;
}) {
  const { repo, clock, wallet } = deps;

  const mark = (id: string, status: SpinRow['status']) => repo.markSpin(id, status);

  const winOf = (walletSessionId: string, currency: string, spin: SpinRow) =>
    wallet.win({
      sessionId: walletSessionId,
      transactionId: `win:${spin.id}`,
      roundId: spin.id,
      amount: Number(spin.returned),
      currency,
      roundClosed: true,
    });

  /** A free round's credit, sent when it returned something: its answer, or undefined when none is due. */
  const creditOf = (walletSessionId: string, currency: string, spin: SpinRow) =>
    spin.freeRoundsId === null || spin.returned === 0n
      ? Promise.resolve(undefined)
      : wallet.credit({
          sessionId: walletSessionId,
          transactionId: `free:${spin.id}`,
          kind: 'free_round',
          grantId: spin.freeRoundsId,
          roundId: spin.id,
          amount: Number(spin.returned),
          currency,
        });

  /** The session's free rounds in its game now. */
  const playable = async (session: ProviderSessionRow) =>
    freeRoundsOf(await repo.playableFreeRounds(session, clock()));

  const answerOf = async (
    session: ProviderSessionRow,
    spin: SpinRow,
    balance: number,
    replayed: boolean,
  ): Promise<SandboxSlotSpinResult> => ({
    spinId: spin.id,
    lineBet: Number(spin.lineBet),
    stake: Number(spin.stake),
    returned: Number(spin.returned),
    spins: spin.spins as SpinOutcome[],
    fairness: {
      serverSeedHash: hashServerSeed(spin.serverSeed),
      clientSeed: spin.clientSeed,
      nonce: spin.nonce,
      serverSeed: spin.serverSeed,
    },
    balance,
    replayed,
    free: spin.freeRoundsId !== null,
    freeRounds: await playable(session),
  });

  /** The spin's row: its seeds drawn and its round played at `lineBet` before anything is staked. */
  function spinRow(
    session: ProviderSessionRow,
    requestKey: string,
    lineBet: number,
    grant: FreeRoundsRow | null,
  ): NewSpinRow {
    const seeds = { serverSeed: randomToken(32), clientSeed: randomToken(8), nonce: 0 };
    const round = resolveSlotSpin(createSlotSpin(seeds, lineBet), seeds.serverSeed).outcome;
    return {
      sessionId: session.id,
      playerId: session.playerId,
      requestKey,
      lineBet: BigInt(round.lineBet),
      // A free round stakes nothing of the player's.
      stake: grant ? 0n : BigInt(round.totalBet),
      serverSeed: seeds.serverSeed,
      clientSeed: seeds.clientSeed,
      nonce: seeds.nonce,
      spins: round.spins,
      returned: BigInt(round.totalWin),
      status: 'pending',
      freeRoundsId: grant?.id ?? null,
      createdAt: clock(),
    };
  }

  /**
   * A free round taken from the player's oldest grant and its spin written, or undefined when the key raced
   * in (the round not taken). Another grant may still have rounds when a parallel spin took the oldest's
   * last one: it is tried next.
   */
  async function writeFreeSpin(
    session: ProviderSessionRow,
    requestKey: string,
  ): Promise<SpinRow | undefined> {
    for (;;) {
      const grant = await repo.playableFreeRounds(session, clock());
      if (!grant) throw new DomainError('BONUS_NOT_CLAIMABLE', { reason: 'NO_FREE_ROUNDS' });
      const written = await repo.insertFreeSpin(grant.id, clock(), (taken) =>
        spinRow(session, requestKey, freeRoundLineBet(taken.roundValue), taken),
      );
      if (written === 'raced') return undefined;
      if (written !== 'none-left') return written;
    }
  }

  /**
   * A free round's credit (none when it returned nothing), then the spin settled: the balance after it. A
   * refusal pays nothing and gives the round back; no answer leaves it pending, for a retry or `recover`.
   */
  async function payFree(session: ProviderSessionRow, spin: SpinRow): Promise<number> {
    let credited;
    try {
      credited = await asPlayer(() => creditOf(session.walletSessionId, session.currency, spin));
    } catch (error) {
      if (error instanceof DomainError && error.code !== 'GAME_PROVIDER_UNAVAILABLE')
        await repo.refuseFreeSpin(spin.id);
      throw error;
    }
    await mark(spin.id, 'settled');
    if (credited) return credited.balance;
    return (await asPlayer(() => wallet.balance({ sessionId: session.walletSessionId }))).balance;
  }

  /** The stake, then the win, each under the spin's own id: sent again, the wallet answers as before. */
  async function pay(session: ProviderSessionRow, spin: SpinRow): Promise<number> {
    if (spin.freeRoundsId !== null) return payFree(session, spin);
    try {
      await asPlayer(() =>
        wallet.bet({
          sessionId: session.walletSessionId,
          transactionId: `bet:${spin.id}`,
          roundId: spin.id,
          amount: Number(spin.stake),
          currency: session.currency,
        }),
      );
    } catch (error) {
      // A refusal leaves nothing at the wallet: the spin is forgotten, and its key may be used again.
      if (error instanceof DomainError && error.code !== 'GAME_PROVIDER_UNAVAILABLE')
        await repo.deletePendingSpin(spin.id);
      throw error;
    }
    const paid = await asPlayer(() => winOf(session.walletSessionId, session.currency, spin));
    await mark(spin.id, 'settled');
    return paid.balance;
  }

  /** A spin asked for again by its key: its answer, after finishing it if it was left pending. */
  async function again(
    session: ProviderSessionRow,
    spin: SpinRow,
    request: SandboxSlotSpinRequest,
  ): Promise<SandboxSlotSpinResult> {
    const free = spin.freeRoundsId !== null;
    // A free round's key asked for as a paid spin (or the other way round), or at another line bet.
    if (free !== (request.free === true) || (!free && Number(spin.lineBet) !== request.lineBet))
      throw new DomainError('IDEMPOTENCY_CONFLICT', { reason: 'SPIN_KEY_REUSED' });
    if (spin.status === 'rolled-back')
      throw new DomainError('GAME_ROUND_CLOSED', { reason: 'SPIN_ROLLED_BACK' });
    if (spin.status === 'pending') return answerOf(session, spin, await pay(session, spin), true);
    const balance = await asPlayer(() => wallet.balance({ sessionId: session.walletSessionId }));
    return answerOf(session, spin, balance.balance, true);
  }

  /** A free round left pending: its credit sent again (a repeat answers the first answer), then settled. */
  async function finishFree(session: ProviderSessionRow, spin: SpinRow): Promise<void> {
    try {
      await creditOf(session.walletSessionId, session.currency, spin);
    } catch (error) {
      if (!(error instanceof WalletRefusal)) throw error;
      await repo.refuseFreeSpin(spin.id);
      return;
    }
    await mark(spin.id, 'settled');
  }

  return {
    /** The machine, and the session's free rounds in its game. */
    async state(session: ProviderSessionRow): Promise<SandboxSlotState> {
      return { ...sandboxSlotMachineInfo(), freeRounds: await playable(session) };
    },

    async spin(session: ProviderSessionRow, request: SandboxSlotSpinRequest): Promise<SandboxSlotSpinResult> {
      const earlier = await repo.findSpinByKey(session.id, request.requestKey);
      if (earlier) return again(session, earlier, request);
      const row = request.free
        ? await writeFreeSpin(session, request.requestKey)
        : await repo.insertSpin(spinRow(session, request.requestKey, paidLineBet(request), null));
      if (!row) {
        // The same key raced in: both answer the spin that was written.
        const raced = await repo.findSpinByKey(session.id, request.requestKey);
        if (!raced) throw new Error('the spin was neither written nor found');
        return again(session, raced, request);
      }
      deps.activity?.due(addMs(row.createdAt, PENDING_SPIN_MS));
      return answerOf(session, row, await pay(session, row), false);
    },

    /**
     * Spins left pending: refunded, or recorded as paid when their round already ended; a free round's
     * credit sent again.
     */
    async recover(): Promise<number> {
      const rows = await repo.pendingSpins(addMs(clock(), -PENDING_SPIN_MS));
      await runEach(rows, async ({ spin, session }) => {
        if (spin.freeRoundsId !== null) return finishFree(session, spin);
        try {
          await wallet.rollback({
            sessionId: session.walletSessionId,
            transactionId: `rollback:${spin.id}`,
            betTransactionId: `bet:${spin.id}`,
          });
          await mark(spin.id, 'rolled-back');
        } catch (error) {
          if (!(error instanceof WalletRefusal) || error.code !== 'GAME_ROUND_CLOSED') throw error;
          await winOf(session.walletSessionId, session.currency, spin);
          await mark(spin.id, 'settled');
        }
      });
      return rows.length;
    },
  };
}

export type SandboxSlot = ReturnType<typeof createSandboxSlot>;
