import { describe, expect, it } from 'vitest';
import {
  type BaccaratOutcome,
  type BaccaratWinner,
  bankerDraws,
  baccaratRounds,
  dealBaccarat,
  playBaccarat,
  type Rank,
  settleBaccarat,
  SHOE_SIZE,
  shuffledShoe,
} from './baccarat.ts';
import { fairStream } from './fair.ts';
import { itCommitsAndReveals } from './round-checks.ts';

/** Deals ranks in shoe order: player, banker, player, banker, then the third cards. */
const deal = (...ranks: Rank[]) => dealBaccarat(ranks.map((rank) => ({ rank, suit: 'spades' as const })));
const ranksOf = (outcome: BaccaratOutcome) => ({
  player: outcome.player.map((card) => card.rank),
  banker: outcome.banker.map((card) => card.rank),
});

describe('baccarat dealing', () => {
  // [what, cards in shoe order, player's ranks, banker's ranks, totals, winner]
  const cases: [string, Rank[], Rank[], Rank[], [number, number], BaccaratWinner][] = [
    ['a player natural 8 ends the deal', [4, 3, 4, 3, 9, 9], [4, 4], [3, 3], [8, 6], 'player'],
    [
      'a banker natural 9 ends the deal, the player on 2 does not draw',
      [1, 9, 1, 10, 5],
      [1, 1],
      [9, 10],
      [2, 9],
      'banker',
    ],
    ['two naturals of 8 tie', [8, 5, 10, 3, 2], [8, 10], [5, 3], [8, 8], 'tie'],
    ['player stands on 6, banker draws on 5', [6, 2, 10, 3, 2], [6, 10], [2, 3, 2], [6, 7], 'banker'],
    ['player stands on 7, banker stands on 6', [7, 6, 10, 10, 1], [7, 10], [6, 10], [7, 6], 'player'],
    ['player stands on 6, banker stands on 6: tie', [6, 6, 10, 10, 1], [6, 10], [6, 10], [6, 6], 'tie'],
    ['player draws on 0', [10, 7, 13, 10, 5], [10, 13, 5], [7, 10], [5, 7], 'banker'],
    [
      'player draws on 5; banker 0 draws on a third 8',
      [2, 10, 3, 12, 8, 4],
      [2, 3, 8],
      [10, 12, 4],
      [3, 4],
      'banker',
    ],
    ['banker 2 draws on a third ten (value 0)', [1, 1, 1, 1, 10, 7], [1, 1, 10], [1, 1, 7], [2, 9], 'banker'],
    ['banker 3 stands on a third 8', [2, 1, 3, 2, 8, 9], [2, 3, 8], [1, 2], [3, 3], 'tie'],
    ['banker 3 draws on a third 9', [2, 1, 3, 2, 9, 5], [2, 3, 9], [1, 2, 5], [4, 8], 'banker'],
    ['banker 4 stands on a third ace', [1, 2, 2, 2, 1, 9], [1, 2, 1], [2, 2], [4, 4], 'tie'],
    ['banker 4 draws on a third 2', [1, 2, 2, 2, 2, 9], [1, 2, 2], [2, 2, 9], [5, 3], 'player'],
    ['banker 4 stands on a third 8', [1, 2, 2, 2, 8, 9], [1, 2, 8], [2, 2], [1, 4], 'banker'],
    ['banker 5 stands on a third 3', [1, 2, 1, 3, 3, 4], [1, 1, 3], [2, 3], [5, 5], 'tie'],
    ['banker 5 draws on a third 4', [1, 2, 1, 3, 4, 4], [1, 1, 4], [2, 3, 4], [6, 9], 'banker'],
    ['banker 5 stands on a third 8', [1, 2, 1, 3, 8, 4], [1, 1, 8], [2, 3], [0, 5], 'banker'],
    ['banker 6 stands on a third 5', [2, 3, 2, 3, 5, 1], [2, 2, 5], [3, 3], [9, 6], 'player'],
    ['banker 6 draws on a third 6', [2, 3, 2, 3, 6, 1], [2, 2, 6], [3, 3, 1], [0, 7], 'banker'],
    ['banker 6 draws on a third 7', [2, 3, 2, 3, 7, 3], [2, 2, 7], [3, 3, 3], [1, 9], 'banker'],
    ['banker 7 stands after the player draws', [2, 3, 2, 4, 6, 1], [2, 2, 6], [3, 4], [0, 7], 'banker'],
  ];

  it.each(cases)('%s', (_what, cards, player, banker, [playerTotal, bankerTotal], winner) => {
    const outcome = deal(...cards);
    expect(ranksOf(outcome)).toEqual({ player, banker });
    expect([outcome.playerTotal, outcome.bankerTotal]).toEqual([playerTotal, bankerTotal]);
    expect(outcome.winner).toBe(winner);
  });

  it('follows the full banker tableau once the player has drawn', () => {
    // Rows: banker total 0–7; columns: the value of the player's third card 0–9; D draws, S stands.
    const tableau = [
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDDD',
      'DDDDDDDDSD',
      'SSDDDDDDSS',
      'SSSSDDDDSS',
      'SSSSSSDDSS',
      'SSSSSSSSSS',
    ];
    tableau.forEach((row, bankerTotal) => {
      [...row].forEach((decision, third) => expect(bankerDraws(bankerTotal, third)).toBe(decision === 'D'));
    });
  });

  it('lets the banker draw on 0–5 and stand on 6–7 when the player stood', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((total) => bankerDraws(total, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('marks a pair when a side’s first two cards share a rank, whatever the third', () => {
    const pairs = deal(12, 5, 12, 5, 12, 5);
    expect([pairs.playerPair, pairs.bankerPair]).toEqual([true, true]);
    const tensAndFaces = deal(10, 2, 13, 3, 10, 1);
    expect([tensAndFaces.playerPair, tensAndFaces.bankerPair]).toEqual([false, false]);
  });

  it('refuses to deal from too few cards', () => {
    expect(() => deal(1, 1, 1, 1)).toThrow(RangeError);
  });
});

describe('baccarat shoe', () => {
  const seeds = { serverSeed: 'shoe-seed', clientSeed: 'table-1', nonce: 3 };

  it('holds eight of each card, and its top cards are those of the full shuffle', () => {
    const shoe = shuffledShoe(fairStream('baccarat', seeds));
    expect(shoe).toHaveLength(SHOE_SIZE);
    const counts = new Map<string, number>();
    for (const card of shoe)
      counts.set(`${card.rank}${card.suit}`, (counts.get(`${card.rank}${card.suit}`) ?? 0) + 1);
    expect(counts.size).toBe(52);
    expect([...counts.values()].every((count) => count === 8)).toBe(true);
    expect(shuffledShoe(fairStream('baccarat', seeds), 6)).toEqual(shoe.slice(0, 6));
  });

  it('comes out at the known odds over 20,000 shoes', () => {
    const rounds = 20_000;
    const wins = { player: 0, banker: 0, tie: 0 };
    let playerPairs = 0;
    for (let nonce = 0; nonce < rounds; nonce += 1) {
      const outcome = playBaccarat(
        fairStream('baccarat', { serverSeed: 'odds', clientSeed: 'check', nonce }),
      );
      wins[outcome.winner] += 1;
      if (outcome.playerPair) playerPairs += 1;
    }
    // Eight decks: banker 45.86 %, player 44.62 %, tie 9.52 %, player pair 7.47 %. The standard error over
    // 20,000 rounds is about 0.35 points (0.21 for the tie); the bounds are four of them.
    expect(Math.abs(wins.banker / rounds - 0.4586)).toBeLessThan(0.014);
    expect(Math.abs(wins.player / rounds - 0.4462)).toBeLessThan(0.014);
    expect(Math.abs(wins.tie / rounds - 0.0952)).toBeLessThan(0.0085);
    expect(Math.abs(playerPairs / rounds - 0.0747)).toBeLessThan(0.0075);
  });
});

describe('baccarat rounds', () => {
  itCommitsAndReveals('baccarat', baccaratRounds, playBaccarat, (outcome): BaccaratOutcome => ({
    ...outcome,
    winner: outcome.winner === 'tie' ? 'player' : 'tie',
  }));
});

describe('baccarat settlement', () => {
  const all = (stake: bigint) =>
    (['player', 'banker', 'tie', 'player-pair', 'banker-pair'] as const).map((kind) => ({ kind, stake }));
  const returned = (outcome: BaccaratOutcome, stake = 1_000n) =>
    settleBaccarat(all(stake), outcome).map((bet) => [bet.kind, bet.result, bet.returned]);

  it('pays player 1:1 and the pairs 11:1', () => {
    expect(returned(deal(4, 3, 4, 3))).toEqual([
      ['player', 'win', 2_000n],
      ['banker', 'lose', 0n],
      ['tie', 'lose', 0n],
      ['player-pair', 'win', 12_000n],
      ['banker-pair', 'win', 12_000n],
    ]);
  });

  it('pays banker 0.95:1, rounding the win down to the minor unit', () => {
    const bankerWins = deal(1, 9, 2, 10);
    expect(returned(bankerWins).slice(0, 2)).toEqual([
      ['player', 'lose', 0n],
      ['banker', 'win', 1_950n],
    ]);
    expect(settleBaccarat([{ kind: 'banker', stake: 15n }], bankerWins)[0]?.returned).toBe(29n);
  });

  it('pays a tie 8:1 and returns the player and banker stakes', () => {
    expect(returned(deal(8, 5, 10, 3)).slice(0, 3)).toEqual([
      ['player', 'push', 1_000n],
      ['banker', 'push', 1_000n],
      ['tie', 'win', 9_000n],
    ]);
  });

  it('refuses a stake that is not positive', () => {
    expect(() => settleBaccarat([{ kind: 'tie', stake: 0n }], deal(8, 5, 10, 3))).toThrow(RangeError);
  });
});
