import type { GameRecord, GameRoundStatus } from '@kl/contracts/game-records';
import type { GameType } from '@kl/contracts/games';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { eq } from 'drizzle-orm';
import { type GameRoundRow, ledgerTransaction, type NewGameRound } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import { moneyNumber } from '../wallet/index.ts';
import type { GameRecordFilter, GameRecordsRepository, OpenRoundKey } from './repository.ts';

/** The longest provider round key, vendor code, game id or name a round keeps. */
const MAX_TEXT = 200;

/** A round as a game reports it when it takes the stake. */
export interface RecordRoundRequest {
  merchantCode: string;
  memberId: string;
  /** The provider (vendor code) and its id of the round: recording the same pair again changes nothing. */
  vendorCode: string;
  roundKey: string;
  gameId: string;
  nodeId: string;
  gameType: GameType;
  gameName: string;
  /** Minor units; 0 for a round without a stake. */
  stake: bigint;
  /** The merchant's wallet currency unless told. */
  currency?: string;
  /** The ledger `bet` transaction the game posted for the stake (null when nothing was staked). */
  betTransactionId: number | null;
  /** When the stake was taken; now unless told. */
  createdAt?: Date;
}

/** The outcome of a round as the game reports it. */
export interface SettleRoundRequest {
  merchantCode: string;
  vendorCode: string;
  roundKey: string;
  /** `settled` with what it paid back (0 when lost), or `cancelled` (the stake given back). */
  outcome: Exclude<GameRoundStatus, 'open'>;
  /** Minor units paid back; for a cancelled round the stake unless told. */
  payout?: bigint;
  /** The ledger `win` (or `reversal` of the bet) the game posted; null when nothing moved. */
  settleTransactionId: number | null;
  settledAt?: Date;
}

export interface RoundResult {
  round: GameRoundRow;
  /** True when the round was already recorded (or settled) exactly so: nothing changed. */
  replayed: boolean;
}

export interface GameRecordsPageRequest extends GameRecordFilter {
  pageNo: number;
  pageSize: number;
}

/** A round as the API shows it (the member's game records, the back office's bets). */
export function gameRecordOf(round: GameRoundRow): GameRecord {
  return {
    id: round.id,
    roundId: round.roundKey,
    gameType: round.gameType,
    vendorCode: round.vendorCode,
    gameId: round.gameId,
    nodeId: round.nodeId,
    gameName: round.gameName,
    currency: round.currency,
    stake: moneyNumber(round.stake),
    payout: moneyNumber(round.payout),
    // What the round won or lost the member; nothing for a cancelled round (its stake was given back).
    net: moneyNumber(round.status === 'cancelled' ? 0n : round.payout - round.stake),
    status: round.status,
    createdAt: round.createdAt.toISOString(),
    settledAt: round.settledAt === null ? null : round.settledAt.toISOString(),
  };
}

const badText = (value: string) => value.trim().length === 0 || value.length > MAX_TEXT;

/**
 * Game records: games record the rounds they play through `recordRound` and `settleRound`, inside their
 * own database transaction (`tx`) together with the ledger posts of the stake and the payout, so a round
 * and its money commit together or not at all. Both calls are idempotent on the round's key; the same key
 * asking for something else is IDEMPOTENCY_CONFLICT. This service never moves money itself.
 */
export function createGameRecordsService(deps: {
  db: Db;
  rounds: GameRecordsRepository;
  clock: Clock;
  /**
   * Told once of each round settled (not cancelled) with a stake, inside the settling transaction: every game
   * source passes here, so the turnover rules count settled stakes in this one place.
   */
  onSettled?: ((round: GameRoundRow, tx: DbOrTx) => Promise<void>) | undefined;
}) {
  const { db, rounds, clock, onSettled } = deps;

  /** A ledger transaction named by a round must be the member's own. */
  async function checkTransaction(
    id: number | null,
    round: { merchantCode: string; memberId: string },
    tx: DbOrTx,
  ) {
    if (id === null) return;
    const [row] = await tx
      .select({ merchantCode: ledgerTransaction.merchantCode, memberId: ledgerTransaction.memberId })
      .from(ledgerTransaction)
      .where(eq(ledgerTransaction.id, id));
    if (!row || row.merchantCode !== round.merchantCode || row.memberId !== round.memberId)
      throw new DomainError('INVALID_INPUT', { field: 'transactionId' });
  }

  /** The new open round a request records, once its texts, stake and transaction are checked. */
  async function openRoundRow(request: RecordRoundRequest, tx: DbOrTx): Promise<NewGameRound> {
    if (
      [request.vendorCode, request.roundKey, request.gameId, request.nodeId, request.gameName].some(badText)
    )
      throw new DomainError('INVALID_INPUT', { field: 'round' });
    if (request.stake < 0n) throw new DomainError('INVALID_INPUT', { field: 'stake' });
    await checkTransaction(request.betTransactionId, request, tx);
    return {
      merchantCode: request.merchantCode,
      memberId: request.memberId,
      vendorCode: request.vendorCode,
      roundKey: request.roundKey,
      gameId: request.gameId,
      nodeId: request.nodeId,
      gameType: request.gameType,
      gameName: request.gameName,
      currency: request.currency ?? WALLET_CURRENCY,
      stake: request.stake,
      payout: 0n,
      status: 'open',
      betTransactionId: request.betTransactionId,
      createdAt: request.createdAt ?? clock(),
      settledAt: null,
    };
  }

  return {
    async recordRound(request: RecordRoundRequest, tx: DbOrTx = db): Promise<RoundResult> {
      const row = await openRoundRow(request, tx);
      const { currency } = row;
      // A round of these calls is the only one of its key, whoever's (settleRound finds it by the key).
      const earlier = await rounds.findRound(request.merchantCode, request.vendorCode, request.roundKey, tx);
      const created = earlier ? undefined : await rounds.insertRound(row, tx);
      if (created) return { round: created, replayed: false };
      const existing = earlier ?? (await rounds.findMemberRound(request, tx));
      if (
        !existing ||
        existing.memberId !== request.memberId ||
        existing.gameId !== request.gameId ||
        existing.stake !== request.stake ||
        existing.currency !== currency ||
        existing.betTransactionId !== request.betTransactionId
      )
        throw new DomainError('IDEMPOTENCY_CONFLICT');
      return { round: existing, replayed: true };
    },

    /**
     * A round played and settled at once (a slot spin: its stake and payout are one ledger transaction), as
     * one new row; its stake then counts toward turnover (`onSettled`). For a new key only: a round of the
     * key already there is an IDEMPOTENCY_CONFLICT (a caller that answers repeats finds them first).
     */
    async recordSettledRound(
      request: RecordRoundRequest & { payout: bigint },
      tx: DbOrTx = db,
    ): Promise<GameRoundRow> {
      if (request.payout < 0n) throw new DomainError('INVALID_INPUT', { field: 'payout' });
      const open = await openRoundRow(request, tx);
      const created = await rounds.insertRound(
        {
          ...open,
          status: 'settled',
          payout: request.payout,
          settleTransactionId: request.betTransactionId,
          settledAt: open.createdAt,
        },
        tx,
      );
      if (!created) throw new DomainError('IDEMPOTENCY_CONFLICT');
      if (onSettled && created.stake > 0n) await onSettled(created, tx);
      return created;
    },

    async settleRound(request: SettleRoundRequest, tx: DbOrTx = db): Promise<RoundResult> {
      const round = await rounds.findRound(request.merchantCode, request.vendorCode, request.roundKey, tx);
      if (!round) throw new DomainError('NOT_FOUND');
      const payout = request.payout ?? (request.outcome === 'cancelled' ? round.stake : 0n);
      if (payout < 0n) throw new DomainError('INVALID_INPUT', { field: 'payout' });
      if (request.outcome === 'cancelled' && payout !== round.stake)
        throw new DomainError('INVALID_INPUT', { field: 'payout' });
      await checkTransaction(request.settleTransactionId, round, tx);
      const closed = await rounds.closeRound(
        round.id,
        {
          status: request.outcome,
          payout,
          settleTransactionId: request.settleTransactionId,
          settledAt: request.settledAt ?? clock(),
        },
        tx,
      );
      if (closed) {
        if (onSettled && closed.status === 'settled' && closed.stake > 0n) await onSettled(closed, tx);
        return { round: closed, replayed: false };
      }
      const current = await rounds.findRound(request.merchantCode, request.vendorCode, request.roundKey, tx);
      if (
        !current ||
        current.status !== request.outcome ||
        current.payout !== payout ||
        current.settleTransactionId !== request.settleTransactionId
      )
        throw new DomainError('IDEMPOTENCY_CONFLICT');
      return { round: current, replayed: true };
    },

    /** The member's round as it now stands, open or ended (undefined: none). */
    memberRound: (key: OpenRoundKey, tx: DbOrTx = db): Promise<GameRoundRow | undefined> =>
      rounds.findMemberRound(key, tx),

    /**
     * Changes the sums of the member's open round of several stakes: a win adds to the payout (and names
     * its transaction), a refund takes a stake back (a negative `stake`). NOT_FOUND when the member has no
     * such round, GAME_ROUND_CLOSED once it ended.
     */
    async adjustOpenRound(
      key: OpenRoundKey,
      change: { stake?: bigint; payout?: bigint; settleTransactionId?: number | undefined },
      tx: DbOrTx = db,
    ): Promise<GameRoundRow> {
      await checkTransaction(change.settleTransactionId ?? null, key, tx);
      const row = await rounds.adjustOpenRound(
        key,
        {
          stake: change.stake ?? 0n,
          payout: change.payout ?? 0n,
          settleTransactionId: change.settleTransactionId,
        },
        tx,
      );
      if (row) return row;
      if (!(await rounds.findMemberRound(key, tx)))
        throw new DomainError('NOT_FOUND', { reason: 'ROUND_NOT_FOUND', roundId: key.roundKey });
      throw new DomainError('GAME_ROUND_CLOSED', { roundId: key.roundKey });
    },

    /**
     * Ends the member's open round of several stakes at its sums: settled (its stake then counts toward
     * turnover, `onSettled`), or cancelled when every stake was given back and nothing won. Ending it again
     * answers the ended round (`replayed`); NOT_FOUND when the member has no such round.
     */
    async endRound(key: OpenRoundKey, tx: DbOrTx = db, settledAt: Date = clock()): Promise<RoundResult> {
      const ended = await rounds.endOpenRound(key, settledAt, tx);
      if (ended) {
        if (onSettled && ended.status === 'settled' && ended.stake > 0n) await onSettled(ended, tx);
        return { round: ended, replayed: false };
      }
      const existing = await rounds.findMemberRound(key, tx);
      if (!existing) throw new DomainError('NOT_FOUND', { reason: 'ROUND_NOT_FOUND', roundId: key.roundKey });
      return { round: existing, replayed: true };
    },

    /** One page of the member's rounds, newest first, and the totals of the whole filter. */
    async list(request: GameRecordsPageRequest) {
      const { pageNo, pageSize, ...filter } = request;
      const [list, totals] = await Promise.all([
        rounds.page(filter, { limit: pageSize, offset: (pageNo - 1) * pageSize }),
        rounds.totals(filter),
      ]);
      return {
        list,
        pageNum: pageNo,
        totalPages: Math.ceil(totals.total / pageSize),
        total: totals.total,
        totals: {
          rounds: totals.rounds,
          stake: totals.stake,
          payout: totals.payout,
          net: totals.payout - totals.stake,
        },
      };
    },
  };
}

export type GameRecordsService = ReturnType<typeof createGameRecordsService>;
