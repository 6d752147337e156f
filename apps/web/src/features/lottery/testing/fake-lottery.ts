import { createHash } from 'node:crypto';
import { gamesCalls } from '@kl/contracts/games';
import {
  lotteryCalls,
  type LotteryBet,
  type LotteryBetTypeOffer as Offer,
  type LotteryDrawResult,
  type LotteryGameDetail,
  type LotteryOpenDraw,
} from '@kl/contracts/lottery';
import { walletCalls } from '@kl/contracts/wallet';
import { onByDefault } from '../../../test/fake-api.ts';
import { walletOf } from '../../../test/fake-data.ts';

/** Lottery data for component tests (contracts lottery.ts): one fast game, ST1 (trad, ent), this game id. */
export const FAKE_GAME_ID = '7001';

export function fakeDraw(issue: string, closeInMs: number, id = crypto.randomUUID()): LotteryOpenDraw {
  const closeAt = new Date(Date.now() + closeInMs);
  const drawAt = new Date(closeAt.getTime() + 10_000).toISOString();
  return { id, issue, station: 'Siêu Tốc', closeAt: closeAt.toISOString(), drawAt, seedHash: 'a'.repeat(64) };
}

const offer = (code: Offer['code'], pick: Offer['pick'], pricePerPoint: number, payoutPerPoint: number) =>
  ({
    ...{ code, playType: pick.kind === 'option' ? 'ent' : 'trad', pick, pricePerPoint, payoutPerPoint },
    ...{ payoutsByOption: null, maxPerNumber: 5_000_000 },
  }) satisfies Offer;

export const FAKE_OFFERS: Offer[] = [
  offer('LO2', { kind: 'numbers', digits: 2, count: 1 }, 27_000, 95_000),
  offer('LO3', { kind: 'numbers', digits: 3, count: 1 }, 23_000, 950_000),
  offer('XIEN2', { kind: 'numbers', digits: 2, count: 2 }, 1_000, 17_000),
  offer('TAI_XIU', { kind: 'option', options: ['TAI', 'XIU'] }, 1_000, 1_950),
];

/** A settled draw whose seed hashes to its seedHash, `special` its DB prize. */
export function fakeResult(issue: string, special: string): LotteryDrawResult {
  const seed = createHash('sha256').update(`seed:${issue}`).digest('hex');
  return {
    ...{ ...fakeDraw(issue, -60_000), seedHash: createHash('sha256').update(seed).digest('hex') },
    ...{ status: 'settled', seed, drawnAt: new Date().toISOString() },
    result: { DB: [special], G1: ['12345'], G7: ['01', '23', '45', '67'] },
  };
}

/** GET /api/lottery/game: ST1 taking bets on `draw`. */
export const lotteryGame = (draw: LotteryOpenDraw | null): LotteryGameDetail => ({
  ...{ code: 'ST1', name: 'Siêu Tốc 1 Phút', region: 'MB', category: 'ELOTT', playTypes: ['ent', 'trad'] },
  ...{ schedule: { kind: 'interval', intervalSeconds: 60 }, closeSeconds: 10, nextDraw: draw },
  ...{ catalogueGameIds: [FAKE_GAME_ID], prizeMode: 'Elott', betTypes: FAKE_OFFERS, maxPerDraw: 50_000_000 },
  ...{ openDraw: draw, serverTime: new Date().toISOString() },
});

/** An open bet of 27,000 on 42 (Lô 2 digits, 1 point) in ST1's draw 20261121-0001. */
export function betOf(overrides: Partial<LotteryBet> = {}): LotteryBet {
  const { id: drawId, issue, drawAt, closeAt } = fakeDraw('20261121-0001', 45_000);
  return {
    ...{ id: crypto.randomUUID(), gameCode: 'ST1', gameName: 'Siêu Tốc 1 Phút', prizeMode: 'Elott' },
    ...{ drawId, issue, drawAt, closeAt, betType: 'LO2', selections: [['42']], points: 1 },
    ...{ pricePerPoint: 27_000, amount: 27_000, status: 'open', hits: 0, payout: 0, demo: false },
    ...{ cancellable: true, createdAt: new Date().toISOString(), settledAt: null },
    ...overrides,
  };
}

/** What the lottery screens' reads answer unless the test said otherwise; the launch gives a token. */
export function answerLottery(draw = fakeDraw('20261121-0001', 45_000)) {
  onByDefault(walletCalls.wallet, walletOf(1_000_000));
  onByDefault(lotteryCalls.lotteryGame, () => lotteryGame(draw));
  onByDefault(lotteryCalls.lotteryGames, () => {
    const { betTypes: _betTypes, ...summary } = lotteryGame(draw);
    return { serverTime: summary.serverTime, list: [summary] };
  });
  onByDefault(gamesCalls.launchGame, {
    ...{ kind: 'lottery', rule: 'lottoVn', prizeMode: 'Elott', playType: 'trad', supportPlay: null },
    url: `/m/lotto-h5/kimlong/trad/games/${FAKE_GAME_ID}?token=${'t'.repeat(32)}&merchant=kimlong&prize_mode=Elott`,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
  onByDefault(gamesCalls.redeemLaunch, {
    ...{ userName: 'player01', merchantCode: 'kimlong', vassalage: 'TCG', gameType: 'ELOTT', game: null },
    ...{ prizeMode: 'Elott', playType: 'trad', supportPlay: null },
  });
}
