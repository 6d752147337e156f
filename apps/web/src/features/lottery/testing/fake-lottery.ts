import { createHash } from 'node:crypto';
import type { ApiEntry } from '@kl/contracts/api-call';
import { gamesCalls } from '@kl/contracts/games';
import {
  lotteryCalls,
  type LotteryBet,
  type LotteryBetTypeOffer,
  type LotteryDrawResult,
  type LotteryGameDetail,
  type LotteryOpenDraw,
} from '@kl/contracts/lottery';
import { walletCalls } from '@kl/contracts/wallet';
import { answer, failure, isCall } from '../../../test/fake-api.ts';

/**
 * The lottery side of the API for component tests, keeping the shapes of contracts lottery.ts: one fast
 * game (ST1, northern format, trad and ent) whose open draws are given by the test, bets placed and
 * cancelled against a balance, a launch token redeemed once, and the wallet call.
 */
export interface FakeLotteryOptions {
  balance?: number;
  /** The open draws the game call answers in turn (the last one stays). */
  draws?: LotteryOpenDraw[];
  results?: LotteryDrawResult[];
  bets?: LotteryBet[];
  /** Launch tokens that redeem (once). */
  tokens?: string[];
  /** Catalogue game id the launch call opens. */
  launchUrl?: string;
}

export const FAKE_GAME_ID = 'TCG-ST1';

export function fakeDraw(issue: string, closeInMs: number, id = crypto.randomUUID()): LotteryOpenDraw {
  const closeAt = new Date(Date.now() + closeInMs);
  return {
    id,
    issue,
    station: 'Siêu Tốc',
    closeAt: closeAt.toISOString(),
    drawAt: new Date(closeAt.getTime() + 10_000).toISOString(),
    seedHash: 'a'.repeat(64),
  };
}

const offer = (
  code: LotteryBetTypeOffer['code'],
  playType: 'trad' | 'ent',
  pick: LotteryBetTypeOffer['pick'],
  price: number,
  payout: number,
): LotteryBetTypeOffer => ({
  code,
  playType,
  pick,
  pricePerPoint: price,
  payoutPerPoint: payout,
  payoutsByOption: null,
  maxPerNumber: 5_000_000,
});

export const FAKE_OFFERS: LotteryBetTypeOffer[] = [
  offer('LO2', 'trad', { kind: 'numbers', digits: 2, count: 1 }, 27_000, 95_000),
  offer('LO3', 'trad', { kind: 'numbers', digits: 3, count: 1 }, 23_000, 950_000),
  offer('XIEN2', 'trad', { kind: 'numbers', digits: 2, count: 2 }, 1_000, 17_000),
  offer('TAI_XIU', 'ent', { kind: 'option', options: ['TAI', 'XIU'] }, 1_000, 1_950),
];

export function fakeResult(issue: string, special: string): LotteryDrawResult {
  const seed = createHash('sha256').update(`seed:${issue}`).digest('hex');
  return {
    ...fakeDraw(issue, -60_000),
    seedHash: createHash('sha256').update(seed).digest('hex'),
    status: 'settled',
    seed,
    result: { DB: [special], G1: ['12345'], G7: ['01', '23', '45', '67'] },
    drawnAt: new Date().toISOString(),
  };
}

export function createFakeLottery(options: FakeLotteryOptions = {}) {
  const state = {
    balance: options.balance ?? 1_000_000,
    draws: options.draws ?? [fakeDraw('20261121-0001', 45_000)],
    gameCalls: 0,
    bets: [...(options.bets ?? [])],
    placeCalls: [] as unknown[],
    cancelCalls: [] as string[],
    redeemed: [] as string[],
    launchCalls: [] as unknown[],
  };
  const tokens = new Set(options.tokens ?? []);
  const results = options.results ?? [];

  const game = (): LotteryGameDetail => {
    const draw = state.draws[Math.min(state.gameCalls, state.draws.length - 1)] ?? null;
    state.gameCalls += 1;
    return {
      code: 'ST1',
      name: 'Siêu Tốc 1 Phút',
      region: 'MB',
      category: 'ELOTT',
      playTypes: ['ent', 'trad'],
      schedule: { kind: 'interval', intervalSeconds: 60 },
      closeSeconds: 10,
      nextDraw: draw,
      catalogueGameIds: [FAKE_GAME_ID],
      prizeMode: 'Elott',
      betTypes: FAKE_OFFERS,
      maxPerDraw: 50_000_000,
      openDraw: draw,
      serverTime: new Date().toISOString(),
    };
  };

  const handle = async (url: URL, init?: RequestInit): Promise<Response | undefined> => {
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const is = (entry: ApiEntry) => isCall(entry, url, init);
    if (is(walletCalls.wallet)) {
      return answer(walletCalls.wallet, {
        sumBalance: state.balance,
        available: state.balance,
        held: 0,
        currency: 'VND',
        decimals: 0,
        demo: false,
      });
    }
    if (is(lotteryCalls.lotteryGames)) {
      const { betTypes: _betTypes, ...summary } = game();
      return answer(lotteryCalls.lotteryGames, { serverTime: summary.serverTime, list: [summary] });
    }
    if (is(lotteryCalls.lotteryGame)) return answer(lotteryCalls.lotteryGame, game());
    if (is(gamesCalls.launchGame)) {
      state.launchCalls.push(body);
      return answer(gamesCalls.launchGame, {
        kind: 'lottery',
        rule: 'lottoVn',
        url:
          options.launchUrl ??
          `/m/lotto-h5/kimlong/trad/games/${FAKE_GAME_ID}?token=${'t'.repeat(32)}&merchant=kimlong&prize_mode=Elott`,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        prizeMode: 'Elott',
        playType: 'trad',
        supportPlay: null,
      });
    }
    if (is(gamesCalls.redeemLaunch)) {
      const token = String(body.token);
      state.redeemed.push(token);
      if (!tokens.has(token)) return failure('LAUNCH_LINK_EXPIRED');
      tokens.delete(token);
      return answer(gamesCalls.redeemLaunch, {
        userName: 'player01',
        merchantCode: 'kimlong',
        vassalage: 'TCG',
        gameType: 'ELOTT',
        game: null,
        prizeMode: 'Elott',
        playType: 'trad',
        supportPlay: null,
      });
    }
    if (is(lotteryCalls.lotteryResults)) {
      return answer(lotteryCalls.lotteryResults, {
        list: results,
        pageNum: 1,
        totalPages: 1,
        total: results.length,
      });
    }
    if (is(lotteryCalls.lotteryNumero)) {
      const latest = results[0] ?? null;
      return answer(lotteryCalls.lotteryNumero, {
        code: 'ST1',
        draw: latest,
        numbers: latest ? Object.values(latest.result).flat() : [],
        special: latest?.result.DB?.[0] ?? null,
        heads: Array.from({ length: 10 }, (_, head) => (head === 0 ? ['1'] : [])),
      });
    }
    if (is(lotteryCalls.lotteryOrders)) {
      return answer(lotteryCalls.lotteryOrders, {
        list: state.bets,
        pageNum: 1,
        totalPages: 1,
        total: state.bets.length,
      });
    }
    if (is(lotteryCalls.placeLotteryBet)) {
      state.placeCalls.push(body);
      const request = body as {
        drawId: string;
        betType: LotteryBet['betType'];
        selections: string[][];
        points: number;
      };
      const found = FAKE_OFFERS.find((item) => item.code === request.betType);
      const amount = request.selections.length * request.points * (found?.pricePerPoint ?? 0);
      if (amount > state.balance) return failure('INSUFFICIENT_BALANCE');
      state.balance -= amount;
      const draw = state.draws.find((item) => item.id === request.drawId) ?? fakeDraw('x', 30_000);
      const bet: LotteryBet = {
        id: crypto.randomUUID(),
        gameCode: 'ST1',
        gameName: 'Siêu Tốc 1 Phút',
        drawId: draw.id,
        issue: draw.issue,
        drawAt: draw.drawAt,
        closeAt: draw.closeAt,
        betType: request.betType,
        prizeMode: 'Elott',
        selections: request.selections,
        points: request.points,
        pricePerPoint: found?.pricePerPoint ?? 0,
        amount,
        status: 'open',
        hits: 0,
        payout: 0,
        demo: false,
        cancellable: true,
        createdAt: new Date().toISOString(),
        settledAt: null,
      };
      state.bets.unshift(bet);
      return answer(lotteryCalls.placeLotteryBet, { bet, balance: state.balance });
    }
    if (is(lotteryCalls.cancelLotteryBet)) {
      const betId = String(body.betId);
      state.cancelCalls.push(betId);
      const bet = state.bets.find((item) => item.id === betId);
      if (!bet) return failure('NOT_FOUND');
      bet.status = 'cancelled';
      bet.cancellable = false;
      state.balance += bet.amount;
      return answer(lotteryCalls.cancelLotteryBet, { bet, balance: state.balance });
    }
    return undefined;
  };
  return { handle, state };
}
