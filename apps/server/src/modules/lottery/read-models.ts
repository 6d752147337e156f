import type { PrizeMode } from '@kl/contracts/constants';
import {
  type LotteryBetTypeOffer,
  type LotteryCategory,
  type lotteryGameQuery,
  type lotteryOrdersQuery,
  type lotteryResultsQuery,
} from '@kl/contracts/lottery';
import type { z } from 'zod';
import type { LotteryGameRow } from '../../db/schema/index.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { moneyNumber } from '../wallet/index.ts';
import type { LotteryServiceDeps } from './deps.ts';
import type { LotteryDraws } from './draws.ts';
import { iso, oddsFor, toBet, toDrawResult, toOpenDraw, toSummary } from './mapping.ts';
import { BET_TYPES } from './rules/bet-types.ts';
import { allNumbers, type DrawResult } from './rules/results.ts';

/**
 * What the lottery screens read (product.md §2, the calls of §7): the games with their next draw, the next
 * draws by catalogue game, one game with its bet-type offers at a prize mode, results, the latest result
 * of each game, a result's numbers by head, and the member's orders. Reading a game creates its draws
 * ahead when it has none (the draw engine's `openDrawsOf`); nothing else here writes.
 */

type GameQuery = z.output<typeof lotteryGameQuery>;
type ResultsQuery = z.output<typeof lotteryResultsQuery>;
type OrdersQuery = z.output<typeof lotteryOrdersQuery>;

const pages = (total: number, pageSize: number) => Math.ceil(total / pageSize);
const offsetOf = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;
const GAME_NOT_FOUND = () => new DomainError('NOT_FOUND', { reason: 'LOTTERY_NOT_FOUND' });

export function createLotteryReadModels(
  deps: Pick<LotteryServiceDeps, 'lottery' | 'clock'>,
  draws: Pick<LotteryDraws, 'openDrawsOf'>,
) {
  const { lottery, clock } = deps;
  const { openDrawsOf } = draws;

  async function gameOf(merchantCode: string, code: string) {
    const game = await lottery.gameByCode(merchantCode, code);
    if (!game || !game.enabled) throw GAME_NOT_FOUND();
    return game;
  }

  async function offers(game: LotteryGameRow, prizeMode: PrizeMode): Promise<LotteryBetTypeOffer[]> {
    const odds = await lottery.odds(game.merchantCode, prizeMode);
    return Object.values(BET_TYPES)
      .filter((type) => game.playTypes.includes(type.playType))
      .flatMap((type) => {
        const options = type.pick.kind === 'option' ? type.pick.options : [];
        const base =
          oddsFor(odds, type.code, game.region, '*') ??
          oddsFor(odds, type.code, game.region, options[0] ?? '');
        if (!base) return [];
        const perOption = options.map(
          (option) => [option, oddsFor(odds, type.code, game.region, option)] as const,
        );
        const differ = perOption.some(([, row]) => row && row.payoutPerPoint !== base.payoutPerPoint);
        return [
          {
            code: type.code,
            playType: type.playType,
            pick:
              type.pick.kind === 'option'
                ? { kind: 'option' as const, options: [...type.pick.options] }
                : type.pick,
            pricePerPoint: moneyNumber(base.pricePerPoint),
            payoutPerPoint: moneyNumber(
              perOption.reduce(
                (least, [, row]) => (row && row.payoutPerPoint < least ? row.payoutPerPoint : least),
                base.payoutPerPoint,
              ),
            ),
            payoutsByOption: differ
              ? Object.fromEntries(
                  perOption.map(([option, row]) => [option, moneyNumber(row?.payoutPerPoint ?? 0n)]),
                )
              : null,
            maxPerNumber: moneyNumber(base.maxPerNumber),
          },
        ];
      });
  }

  return {
    async games(merchantCode: string, category?: LotteryCategory) {
      const now = clock();
      const games = await lottery.games(merchantCode, category);
      const open = await openDrawsOf(games, now);
      const catalogue = await lottery.catalogueGames(merchantCode);
      return {
        serverTime: iso(now),
        list: games.map((game) =>
          toSummary(
            game,
            open.get(game.id),
            (catalogue.get(game.id) ?? []).map((entry) => entry.gameId),
          ),
        ),
      };
    },

    /** The next draw of each catalogue lottery linked to one of ours, by catalogue game id. */
    async nextDrawsByCatalogueGame(merchantCode: string) {
      const games = await lottery.games(merchantCode);
      const open = await openDrawsOf(games, clock());
      const catalogue = await lottery.catalogueGames(merchantCode);
      const draws: Record<string, { code: string; issue: string; drawAt: string; closeAt: string }> = {};
      for (const game of games) {
        const draw = open.get(game.id);
        if (!draw) continue;
        for (const entry of catalogue.get(game.id) ?? []) {
          draws[entry.gameId] = {
            code: game.code,
            issue: draw.issue,
            drawAt: iso(draw.drawAt),
            closeAt: iso(draw.closeAt),
          };
        }
      }
      return draws;
    },

    async game(merchantCode: string, query: GameQuery) {
      const now = clock();
      const game =
        query.code !== undefined
          ? await gameOf(merchantCode, query.code)
          : await lottery.gameByCatalogueId(merchantCode, query.gameId ?? '');
      if (!game || !game.enabled) throw GAME_NOT_FOUND();
      const open = await openDrawsOf([game], now);
      const catalogue = await lottery.catalogueGames(merchantCode);
      const openDraw = open.get(game.id);
      return {
        ...toSummary(
          game,
          openDraw,
          (catalogue.get(game.id) ?? []).map((entry) => entry.gameId),
        ),
        prizeMode: query.prizeMode,
        betTypes: await offers(game, query.prizeMode),
        maxPerDraw: moneyNumber(game.maxPerDraw),
        openDraw: openDraw ? toOpenDraw(openDraw) : null,
        serverTime: iso(now),
      };
    },

    async results(merchantCode: string, query: ResultsQuery) {
      const game = await gameOf(merchantCode, query.code);
      const { rows, total } = await lottery.results(
        game.id,
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      return {
        list: rows.map(toDrawResult),
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
      };
    },

    async recent(merchantCode: string, category?: LotteryCategory) {
      const games = await lottery.games(merchantCode, category);
      const latest = await lottery.latestResults(games.map((game) => game.id));
      return {
        list: games.flatMap((game) => {
          const draw = latest.get(game.id);
          return draw
            ? [
                {
                  code: game.code,
                  name: game.name,
                  region: game.region,
                  category: game.category,
                  draw: toDrawResult(draw),
                },
              ]
            : [];
        }),
      };
    },

    async numero(merchantCode: string, code: string) {
      const game = await gameOf(merchantCode, code);
      const draw = (await lottery.latestResults([game.id])).get(game.id);
      const result = draw ? toDrawResult(draw) : null;
      const numbers = result ? allNumbers(result.result as DrawResult) : [];
      const heads = Array.from({ length: 10 }, () => [] as string[]);
      for (const number of numbers) {
        const two = number.slice(-2);
        heads[Number(two[0])]?.push(two[1] ?? '');
      }
      for (const list of heads) list.sort();
      return { code: game.code, draw: result, numbers, special: numbers[0] ?? null, heads };
    },

    async orders(member: AuthenticatedMember, query: OrdersQuery) {
      const now = clock();
      const game = query.code ? await gameOf(member.merchantCode, query.code) : undefined;
      const { rows, total } = await lottery.orders(
        member.memberId,
        { status: query.status, gameId: game?.id },
        query.pageSize,
        offsetOf(query.pageNo, query.pageSize),
      );
      return {
        list: rows.map((row) => toBet(row.bet, row.draw, row.game, now)),
        pageNum: query.pageNo,
        totalPages: pages(total, query.pageSize),
        total,
      };
    },
  };
}
