import { randomUUID } from 'node:crypto';
import {
  SANDBOX_TABLE_BET_KINDS,
  type SandboxPlaceTableBetRequest,
  type SandboxPlaceTableBetResult,
  type SandboxTableBet,
  type SandboxTableGame,
  type SandboxTableRound,
  type SandboxTableState,
} from '@kl/contracts/sandbox-provider';
import { addMs, type Clock } from '../platform/clock.ts';
import { randomToken } from '../platform/crypto.ts';
import type { Db } from '../platform/db.ts';
import { DomainError } from '../platform/api.ts';
import { commit } from './games/fair.ts';
import type { SandboxRepository, TableBetRow as BetRow, TableRoundRow as RoundRow } from './repository.ts';
import type { SandboxActivity } from './scheduler.ts';
import { asPlayer, type ProviderSessionRow, runEach } from './sessions.ts';
import { isBetKind, TABLE_GAMES } from './table-games.ts';
import { type WalletClient, WalletRefusal } from './wallet-client.ts';

/**
 * The live tables (docs/decisions/026-sandbox-provider.md): baccarat, xóc đĩa, bầu cua and cockfight, one
 * shared round at a time per table. A round takes bets for BETTING_MS from its opening, with the hash of
 * its server seed and its client seed public; at the close its seed is revealed, the round played by the
 * game's engine, and each player paid with one wallet `win` (0 when nothing comes back) that also ends
 * the player's round. The next round opens RESULT_MS after the close, or at the first look at the table
 * after that when the table stood idle.
 *
 * A placement is written as pending, with the provider transaction id it sends, before the wallet's `bet`
 * is called; accepted once the wallet took the stake while the round still takes bets. A placement left
 * pending (no answer, a crash, or the round closed meanwhile) is rolled back at the settlement. Every
 * wallet call of a settlement has an id derived from the round and the player, so a settlement cut short
 * is done again from the start and pays exactly once.
 */

export const BETTING_MS = 15_000;
export const RESULT_MS = 5_000;
/** Rounds shown with their revealed seeds. */
const RESULTS_SHOWN = 10;

const toRound = (row: RoundRow, now: Date): SandboxTableRound => {
  const revealed = row.status !== 'betting';
  return {
    roundId: row.id,
    seq: row.seq,
    phase: now.getTime() < row.closesAt.getTime() ? 'betting' : 'result',
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    fairness: {
      serverSeedHash: row.serverSeedHash,
      clientSeed: row.clientSeed,
      nonce: row.nonce,
      serverSeed: revealed ? row.serverSeed : null,
    },
    params: row.params ?? null,
    outcome: revealed ? (row.outcome ?? null) : null,
  };
};

const toBet = (row: BetRow): SandboxTableBet => ({
  betId: row.id,
  roundId: row.roundId,
  bets: row.lines.map((line) => ({ kind: line.kind, stake: Number(line.stake) })),
  stake: Number(row.stake),
  status: row.status,
  returned: row.returned === null ? null : Number(row.returned),
});

export function createTableService(deps: {
  db: Db;
  repo: SandboxRepository;
  clock: Clock;
  wallet: WalletClient;
  activity?: SandboxActivity;
}) {
  const { db, repo, clock, wallet } = deps;

  /** The table's current round: the latest, or a new one once the latest's result time is over. */
  async function currentRound(game: SandboxTableGame): Promise<RoundRow> {
    const now = clock();
    const latest = await repo.latestRound(game);
    if (latest && now.getTime() < latest.closesAt.getTime() + RESULT_MS) return latest;
    const seq = (latest?.seq ?? 0) + 1;
    const serverSeed = randomToken(32);
    const commitment = commit({ serverSeed, clientSeed: randomToken(8), nonce: seq });
    // Two processes opening the same round: the (game, seq) key keeps one, both read it back.
    await repo.insertRound({
      game,
      seq,
      serverSeed,
      serverSeedHash: commitment.serverSeedHash,
      clientSeed: commitment.clientSeed,
      nonce: commitment.nonce,
      params: TABLE_GAMES[game].params(seq),
      opensAt: now,
      closesAt: addMs(now, BETTING_MS),
    });
    const created = await repo.latestRound(game);
    if (!created) throw new Error(`no round at the ${game} table`);
    return created;
  }

  const rollback = (walletSessionId: string, bet: BetRow) =>
    wallet.rollback({
      sessionId: walletSessionId,
      transactionId: `rollback:${bet.transactionId}`,
      betTransactionId: bet.transactionId,
    });

  /** Plays a closed round and pays its players; safe to run again on a round half settled. */
  async function settleRound(roundId: string): Promise<void> {
    const round = await db.transaction(async (tx) => {
      const row = await repo.lockRound(tx, roundId, 'update');
      if (!row || row.status !== 'betting') return row;
      const game = TABLE_GAMES[row.game as SandboxTableGame];
      const outcome = game.play(
        { serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce },
        row.params ?? null,
        row.serverSeed,
      );
      return repo.markRoundSettling(tx, roundId, outcome);
    });
    if (!round || round.status === 'settled') return;
    const rows = await repo.roundBets(roundId);
    // Placements whose stake was never confirmed before the close: refunded (or voided, if unseen).
    for (const { bet, walletSessionId } of rows.filter((row) => row.bet.status === 'pending')) {
      await rollback(walletSessionId, bet);
      await repo.markBet(bet.id, 'rolled-back');
      bet.status = 'rolled-back';
    }
    const game = TABLE_GAMES[round.game as SandboxTableGame];
    const byPlayer = new Map<string, typeof rows>();
    for (const row of rows) {
      if (row.bet.status !== 'accepted' && row.bet.status !== 'settled') continue;
      byPlayer.set(row.bet.playerId, [...(byPlayer.get(row.bet.playerId) ?? []), row]);
    }
    for (const [playerId, placements] of byPlayer) {
      const returned = placements.map(({ bet }) =>
        game
          .settle(
            bet.lines.map((line) => ({ kind: line.kind, stake: BigInt(line.stake) })),
            round.outcome,
            round.params ?? null,
          )
          .reduce((sum, value) => sum + value, 0n),
      );
      const last = placements.at(-1);
      if (!last || placements.every(({ bet }) => bet.status === 'settled')) continue;
      await wallet.win({
        sessionId: last.walletSessionId,
        transactionId: `win:${roundId}:${playerId}`,
        roundId,
        amount: Number(returned.reduce((sum, value) => sum + value, 0n)),
        currency: last.currency,
        roundClosed: true,
      });
      for (const [index, { bet }] of placements.entries())
        await repo.markBet(bet.id, 'settled', returned[index] ?? 0n);
    }
    await repo.markRoundSettled(roundId, clock());
  }

  return {
    currentRound,
    settleRound,

    /** Settles every round past its close not yet settled (after a restart too); returns how many. */
    async settleDue(): Promise<number> {
      const due = await repo.dueRounds(clock());
      await runEach(due, ({ id }) => settleRound(id));
      return due.length;
    },

    async state(session: ProviderSessionRow, game: SandboxTableGame): Promise<SandboxTableState> {
      const now = clock();
      const current = await currentRound(game);
      deps.activity?.tableLooked(game, current);
      const played = await repo.settledRounds(game, RESULTS_SHOWN);
      const mine = await repo.playerBets([current.id, ...played.map((row) => row.id)], session.playerId);
      return {
        game,
        betKinds: [...SANDBOX_TABLE_BET_KINDS[game]],
        now: now.toISOString(),
        current: toRound(current, now),
        results: played.map((row) => toRound(row, now)),
        myBets: mine.map(toBet),
      };
    },

    /**
     * A placement on the round taking bets: the wallet's `bet` of its total stake first; the player gets
     * the wallet's refusal as it is (not enough money, disabled…) and nothing is kept of a refused one.
     */
    async place(
      session: ProviderSessionRow,
      request: SandboxPlaceTableBetRequest,
    ): Promise<SandboxPlaceTableBetResult> {
      const { game } = request;
      for (const line of request.bets) {
        if (!isBetKind(game, line.kind))
          throw new DomainError('INVALID_INPUT', { reason: 'UNKNOWN_BET_KIND', kind: line.kind });
      }
      const lines = request.bets.map((line) => ({ kind: line.kind, stake: String(line.stake) }));
      const stake = request.bets.reduce((sum, line) => sum + BigInt(line.stake), 0n);
      const transactionId = `bet:${randomUUID()}`;
      const closed = () =>
        new DomainError('GAME_ROUND_CLOSED', { reason: 'ROUND_CLOSED', roundId: request.roundId });
      const pending = await db.transaction(async (tx) => {
        const round = /^[0-9a-f-]{36}$/i.test(request.roundId)
          ? await repo.lockRound(tx, request.roundId, 'share')
          : undefined;
        if (!round || round.game !== game) throw new DomainError('NOT_FOUND', { reason: 'ROUND_NOT_FOUND' });
        const now = clock();
        if (round.status !== 'betting' || now.getTime() >= round.closesAt.getTime()) throw closed();
        return repo.insertBet(tx, {
          roundId: round.id,
          sessionId: session.id,
          playerId: session.playerId,
          lines,
          stake,
          transactionId,
          status: 'pending',
          createdAt: now,
        });
      });
      let balance: number;
      try {
        const answer = await asPlayer(() =>
          wallet.bet({
            sessionId: session.walletSessionId,
            transactionId,
            roundId: pending.roundId,
            amount: Number(stake),
            currency: session.currency,
          }),
        );
        balance = answer.balance;
      } catch (error) {
        // Refused: nothing was taken, nothing is kept. No answer: the settlement rolls it back.
        if (error instanceof DomainError && error.code !== 'GAME_PROVIDER_UNAVAILABLE')
          await repo.deleteBet(pending.id);
        throw error;
      }
      const accepted = await db.transaction(async (tx) => {
        const round = await repo.lockRound(tx, pending.roundId, 'share');
        if (round?.status !== 'betting') return undefined;
        return repo.acceptBet(tx, pending.id);
      });
      if (!accepted) {
        // The round closed while the wallet answered: the stake goes back (the settlement may have sent
        // the same rollback already; the wallet refunds once).
        await rollback(session.walletSessionId, pending).catch((error: unknown) => {
          if (!(error instanceof WalletRefusal)) throw error;
        });
        await repo.markBet(pending.id, 'rolled-back');
        throw closed();
      }
      return { bet: toBet(accepted), balance };
    },
  };
}

export type TableService = ReturnType<typeof createTableService>;
