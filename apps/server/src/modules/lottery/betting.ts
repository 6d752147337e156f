import { randomUUID } from 'node:crypto';
import type { placeLotteryBetRequest } from '@kl/contracts/lottery';
import type { z } from 'zod';
import type { LotteryBetRow, LotteryOddsRow } from '../../db/schema/index.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { moneyNumber } from '../wallet/index.ts';
import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { LotteryServiceDeps } from './deps.ts';
import { LOTTERY_VENDOR_CODE, lotteryBetKey } from './keys.ts';
import { iso, oddsFor, toBet } from './mapping.ts';
import { createBetRefunds } from './refund.ts';
import { BET_TYPES, type BetType, pickProblem } from './rules/bet-types.ts';

/**
 * A member's lottery bets (product.md §3, lottery bets): placing one (checks, the per-number and per-draw
 * limits, the ledger `bet` and the bet row in one transaction; its request key answers a repeat with the
 * first bet, even when both arrive at once) and cancelling an open one before its draw closes (a ledger
 * reversal, once). Every balance change is one ledger transaction with its key (docs/conventions.md
 * "Money").
 */

type PlaceInput = z.output<typeof placeLotteryBetRequest>;

/** Key of the member's whole stake on a draw in the exposure table. */
const DRAW_TOTAL = '*';

/** A selection in its one written form: xiên numbers sorted (the order of a combination does not matter). */
function normalised(type: BetType, selection: readonly string[]): string[] {
  return type.code.startsWith('XIEN') ? [...selection].sort() : [...selection];
}

const selectionKey = (betType: string, selection: readonly string[]) => `${betType}:${selection.join(',')}`;

export function createLotteryBetting(
  deps: Pick<LotteryServiceDeps, 'db' | 'lottery' | 'ledgerService' | 'clock' | 'checkPlay' | 'gameRecords'>,
) {
  const { db, lottery, ledgerService, clock } = deps;
  const refunds = createBetRefunds(deps);

  async function balanceOf(member: AuthenticatedMember, tx: DbOrTx) {
    const balance = await ledgerService.balanceOf(
      { merchantCode: member.merchantCode, memberId: member.memberId },
      tx,
    );
    return moneyNumber(balance.available);
  }

  /** The same request key again: the first bet, unless the key now asks for another bet. */
  function replayOf(bet: LotteryBetRow, input: PlaceInput) {
    if (bet.drawId !== input.drawId || bet.betType !== input.betType || bet.points !== input.points) {
      throw new DomainError('IDEMPOTENCY_CONFLICT', { reason: 'REQUEST_KEY_REUSED' });
    }
    return answerOf(bet);
  }

  async function answerOf(bet: LotteryBetRow) {
    const draw = await lottery.drawById(bet.drawId);
    const game = await lottery.gameById(bet.gameId);
    if (!draw || !game) throw new Error(`bet ${bet.id} without its draw or game`);
    const balance = await ledgerService.balanceOf({ merchantCode: bet.merchantCode, memberId: bet.memberId });
    return { bet: toBet(bet, draw, game, clock()), balance: moneyNumber(balance.available) };
  }

  return {
    /** Places a bet: checks, limits, the ledger `bet` and the bet row in one transaction. */
    async place(member: AuthenticatedMember, input: PlaceInput) {
      await deps.checkPlay?.(member.memberId);
      const replay = await lottery.findBetByKey(member.memberId, input.requestKey);
      if (replay) return replayOf(replay, input);
      const type = BET_TYPES[input.betType];
      const selections = input.selections.map((selection) => normalised(type, selection));
      for (const selection of selections) {
        const problem = pickProblem(type, selection);
        if (problem)
          throw new DomainError('INVALID_INPUT', { field: 'selections', reason: 'PICK', detail: problem });
      }
      const keys = selections.map((selection) => selectionKey(type.code, selection));
      if (new Set(keys).size !== keys.length) {
        throw new DomainError('INVALID_INPUT', { field: 'selections', reason: 'DUPLICATE_SELECTION' });
      }
      try {
        return await db.transaction(async (tx) => {
          const now = clock();
          const draw = await lottery.drawForBet(input.drawId, tx);
          const game = draw ? await lottery.gameById(draw.gameId, tx) : undefined;
          if (!draw || !game || game.merchantCode !== member.merchantCode) {
            throw new DomainError('NOT_FOUND', { reason: 'DRAW_NOT_FOUND' });
          }
          if (draw.status !== 'scheduled' || now >= draw.closeAt) {
            throw new DomainError('LOTTERY_BETTING_CLOSED', { closeAt: iso(draw.closeAt) });
          }
          // A lottery switched off takes no bet from then on; those placed before stand (back-office.md, "Lotteries").
          if (!game.enabled) {
            throw new DomainError('LOTTERY_BETTING_CLOSED', {
              closeAt: iso(draw.closeAt),
              reason: 'LOTTERY_SWITCHED_OFF',
            });
          }
          if (!game.playTypes.includes(type.playType)) {
            throw new DomainError('INVALID_INPUT', { field: 'betType', reason: 'BET_TYPE_NOT_OFFERED' });
          }
          const odds = await lottery.odds(game.merchantCode, input.prizeMode, tx);
          const rows = selections.map((selection) =>
            oddsFor(odds, type.code, game.region, selection[0] ?? ''),
          );
          if (rows.some((row) => !row)) {
            throw new DomainError('INVALID_INPUT', { field: 'prizeMode', reason: 'NO_ODDS' });
          }
          const found = rows as LotteryOddsRow[];
          const price = found[0]?.pricePerPoint ?? 0n;
          if (found.some((row) => row.pricePerPoint !== price))
            throw new Error('one bet with different prices');
          const points = BigInt(input.points);
          const stake = points * price;
          const amount = stake * BigInt(selections.length);

          // In key order, so two bets of one member never wait on each other's rows in opposite orders.
          const order = keys.map((key, index) => ({ key, index })).sort((a, b) => (a.key < b.key ? -1 : 1));
          const betId = randomUUID();
          const payouts = found.map((row) => row.payoutPerPoint.toString());
          const catalogue = deps.gameRecords
            ? (await lottery.catalogueGames(game.merchantCode, tx)).get(game.id)?.[0]
            : undefined;
          let placed;
          try {
            placed = await lottery.place(
              {
                merchantCode: member.merchantCode,
                memberId: member.memberId,
                betId,
                drawId: draw.id,
                gameId: game.id,
                exposures: order.map(({ key, index }) => ({ key, limit: found[index]?.maxPerNumber ?? 0n })),
                stake,
                drawKey: DRAW_TOTAL,
                drawLimit: game.maxPerDraw,
                amount,
                currency: WALLET_CURRENCY,
                memo: { game: game.code, gameName: game.name, round: draw.issue, betType: type.code },
                betType: type.code,
                prizeMode: input.prizeMode,
                selections,
                points: input.points,
                price,
                payouts,
                requestKey: input.requestKey,
                ledgerKey: lotteryBetKey(betId),
                record: deps.gameRecords
                  ? {
                      vendorCode: LOTTERY_VENDOR_CODE,
                      gameId: catalogue?.gameId ?? game.code,
                      nodeId: catalogue?.nodeId ?? game.code,
                      gameType: game.category,
                      gameName: `${game.name} ${draw.issue}`,
                    }
                  : null,
                trialType: TRIAL_MEMBER_TYPE,
                at: now,
              },
              tx,
            );
          } catch (error) {
            throw ledgerService.refusalOf(error, WALLET_CURRENCY);
          }
          if (placed.outcome === 'LIMIT_NUMBER') {
            const index = order[placed.at]?.index ?? 0;
            throw new DomainError('LOTTERY_LIMIT_EXCEEDED', {
              scope: 'NUMBER',
              selection: selections[index],
              limit: moneyNumber(found[index]?.maxPerNumber ?? 0n),
            });
          }
          if (placed.outcome === 'LIMIT_DRAW') {
            throw new DomainError('LOTTERY_LIMIT_EXCEEDED', {
              scope: 'DRAW',
              limit: moneyNumber(game.maxPerDraw),
            });
          }
          const bet: LotteryBetRow = {
            id: betId,
            merchantCode: member.merchantCode,
            memberId: member.memberId,
            drawId: draw.id,
            gameId: game.id,
            betType: type.code,
            prizeMode: input.prizeMode,
            selections,
            points: input.points,
            pricePerPoint: price,
            payouts,
            amount,
            requestKey: input.requestKey,
            demo: placed.demo,
            status: 'open',
            hits: 0,
            payout: 0n,
            betTransactionId: placed.betTransactionId,
            settleTransactionId: null,
            createdAt: now,
            settledAt: null,
          };
          return { bet: toBet(bet, draw, game, now), balance: moneyNumber(placed.availableAfter) };
        });
      } catch (error) {
        // The same request key sent twice at once: the second answers the first bet.
        if (uniqueViolation(error) === 'lottery_bet_request_key') {
          const first = await lottery.findBetByKey(member.memberId, input.requestKey);
          if (first) return replayOf(first, input);
        }
        throw error;
      }
    },

    /** Cancels an open bet before its draw closes: the stake back by a reversal, once. */
    async cancel(member: AuthenticatedMember, betId: string) {
      return db.transaction(async (tx) => {
        const now = clock();
        const bet = await lottery.betForUpdate(betId, member.memberId, tx);
        if (!bet) throw new DomainError('NOT_FOUND', { reason: 'BET_NOT_FOUND' });
        const draw = await lottery.drawById(bet.drawId, tx);
        const game = await lottery.gameById(bet.gameId, tx);
        if (!draw || !game) throw new Error(`bet ${bet.id} without its draw or game`);
        if (bet.status === 'cancelled') {
          return { bet: toBet(bet, draw, game, now), balance: await balanceOf(member, tx) };
        }
        if (bet.status !== 'open' || draw.status !== 'scheduled' || now >= draw.closeAt) {
          throw new DomainError('LOTTERY_BETTING_CLOSED', { closeAt: iso(draw.closeAt) });
        }
        const posted = await refunds.reverseStake(bet, tx);
        const stake = bet.amount / BigInt(bet.selections.length);
        for (const selection of bet.selections) {
          await lottery.removeExposure(
            { drawId: draw.id, memberId: bet.memberId, selectionKey: selectionKey(bet.betType, selection) },
            stake,
            tx,
          );
        }
        await lottery.removeExposure(
          { drawId: draw.id, memberId: bet.memberId, selectionKey: DRAW_TOTAL },
          bet.amount,
          tx,
        );
        const cancelled = {
          ...bet,
          status: 'cancelled' as const,
          settleTransactionId: posted.transactionId,
          settledAt: now,
        };
        await refunds.markCancelled(bet, posted.transactionId, now, tx);
        return { bet: toBet(cancelled, draw, game, now), balance: moneyNumber(posted.availableAfter ?? 0n) };
      });
    },
  };
}
