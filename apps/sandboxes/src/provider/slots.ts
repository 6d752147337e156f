import {
  SANDBOX_SLOT_LINE_BETS,
  type SandboxSlotMachine,
  type SandboxSlotSpinRequest,
  type SandboxSlotSpinResult,
} from '@kl/contracts/sandbox-provider';
import { machineLayout, type SpinOutcome } from '@kl/contracts/slot-engine';
import { SLOT_MACHINE } from '@kl/contracts/slot-machine';
import { addMs, type Clock, MINUTE_MS } from '../platform/clock.ts';
import { randomToken } from '../platform/crypto.ts';
import { DomainError } from '../platform/api.ts';
import { hashServerSeed } from './games/fair.ts';
import { createSlotSpin, resolveSlotSpin } from './games/slot.ts';
import type { SandboxRepository, SpinRow } from './repository.ts';
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
 */

/** A spin still pending after this long got no answer: it is rolled back. */
export const PENDING_SPIN_MS = MINUTE_MS;

/** The machine as the game client draws it: its lines, symbols and pays, and the line bets taken. */
export function sandboxSlotMachineInfo(): SandboxSlotMachine {
  return { ...machineLayout(SLOT_MACHINE), lineBets: [...SANDBOX_SLOT_LINE_BETS] };
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

  const answerOf = (spin: SpinRow, balance: number, replayed: boolean): SandboxSlotSpinResult => ({
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
  });

  /** The stake, then the win, each under the spin's own id: sent again, the wallet answers as before. */
  async function pay(session: ProviderSessionRow, spin: SpinRow): Promise<number> {
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
    if (Number(spin.lineBet) !== request.lineBet)
      throw new DomainError('IDEMPOTENCY_CONFLICT', { reason: 'SPIN_KEY_REUSED' });
    if (spin.status === 'rolled-back')
      throw new DomainError('GAME_ROUND_CLOSED', { reason: 'SPIN_ROLLED_BACK' });
    if (spin.status === 'pending') return answerOf(spin, await pay(session, spin), true);
    const balance = await asPlayer(() => wallet.balance({ sessionId: session.walletSessionId }));
    return answerOf(spin, balance.balance, true);
  }

  return {
    machine: sandboxSlotMachineInfo,

    async spin(session: ProviderSessionRow, request: SandboxSlotSpinRequest): Promise<SandboxSlotSpinResult> {
      const earlier = await repo.findSpinByKey(session.id, request.requestKey);
      if (earlier) return again(session, earlier, request);
      const seeds = { serverSeed: randomToken(32), clientSeed: randomToken(8), nonce: 0 };
      const spin = createSlotSpin(seeds, request.lineBet);
      const round = resolveSlotSpin(spin, seeds.serverSeed).outcome;
      const row = await repo.insertSpin({
        sessionId: session.id,
        playerId: session.playerId,
        requestKey: request.requestKey,
        lineBet: BigInt(round.lineBet),
        stake: BigInt(round.totalBet),
        serverSeed: seeds.serverSeed,
        clientSeed: seeds.clientSeed,
        nonce: seeds.nonce,
        spins: round.spins,
        returned: BigInt(round.totalWin),
        status: 'pending',
        createdAt: clock(),
      });
      if (!row) {
        // The same key raced in: both answer the spin that was written.
        const raced = await repo.findSpinByKey(session.id, request.requestKey);
        if (!raced) throw new Error('the spin was neither written nor found');
        return again(session, raced, request);
      }
      deps.activity?.due(addMs(row.createdAt, PENDING_SPIN_MS));
      return answerOf(row, await pay(session, row), false);
    },

    /** Spins left pending: refunded, or recorded as paid when their round already ended. */
    async recover(): Promise<number> {
      const rows = await repo.pendingSpins(addMs(clock(), -PENDING_SPIN_MS));
      await runEach(rows, async ({ spin, session }) => {
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
