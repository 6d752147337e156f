import { createHash } from 'node:crypto';
import type {
  LotteryBet,
  LotteryBetTypeOffer,
  LotteryDrawResult,
  LotteryGameDetail,
  LotteryOpenDraw,
} from '@kl/contracts/lottery';

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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (value: unknown) => json({ success: true, value });
const fail = (code: string, status: number) => json({ success: false, code, message: code }, status);

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
    switch (url.pathname) {
      case '/api/wallet':
        return ok({
          sumBalance: state.balance,
          available: state.balance,
          held: 0,
          currency: 'VND',
          decimals: 0,
          demo: false,
        });
      case '/api/lottery/games': {
        const detail = game();
        return ok({ serverTime: detail.serverTime, list: [{ ...detail, betTypes: undefined }] });
      }
      case '/api/lottery/game':
        return ok(game());
      case '/api/games/launch':
        state.launchCalls.push(body);
        return ok({
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
      case '/api/games/launch/redeem': {
        const token = String(body.token);
        state.redeemed.push(token);
        if (!tokens.has(token)) return fail('LAUNCH_LINK_EXPIRED', 410);
        tokens.delete(token);
        return ok({
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
      case '/api/lottery/results':
        return ok({ list: results, pageNum: 1, totalPages: 1, total: results.length });
      case '/api/lottery/numero': {
        const latest = results[0] ?? null;
        return ok({
          code: 'ST1',
          draw: latest,
          numbers: latest ? Object.values(latest.result).flat() : [],
          special: latest?.result.DB?.[0] ?? null,
          heads: Array.from({ length: 10 }, (_, head) => (head === 0 ? ['1'] : [])),
        });
      }
      case '/api/lottery/orders': {
        if (init?.method !== 'POST')
          return ok({ list: state.bets, pageNum: 1, totalPages: 1, total: state.bets.length });
        state.placeCalls.push(body);
        const request = body as {
          drawId: string;
          betType: LotteryBet['betType'];
          selections: string[][];
          points: number;
        };
        const found = FAKE_OFFERS.find((item) => item.code === request.betType);
        const amount = request.selections.length * request.points * (found?.pricePerPoint ?? 0);
        if (amount > state.balance) return fail('INSUFFICIENT_BALANCE', 400);
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
        return ok({ bet, balance: state.balance });
      }
      case '/api/lottery/orders/cancel': {
        const betId = String(body.betId);
        state.cancelCalls.push(betId);
        const bet = state.bets.find((item) => item.id === betId);
        if (!bet) return fail('NOT_FOUND', 404);
        bet.status = 'cancelled';
        bet.cancellable = false;
        state.balance += bet.amount;
        return ok({ bet, balance: state.balance });
      }
      default:
        return undefined;
    }
  };
  return { handle, state };
}
