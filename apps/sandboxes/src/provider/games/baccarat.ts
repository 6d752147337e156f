import { cardValue, handTotal } from '@kl/contracts/baccarat';
import { type Commitment, fairRounds, shuffledIndices, type UniformSource } from './fair.ts';
import { type SettledBet, settleTable, type TableBet } from './payout.ts';

/**
 * Punto banco baccarat, dealt from an 8-deck shoe shuffled for each round from the fair stream (like a
 * continuous shuffling machine): forward Fisher–Yates over the 416 cards, of which a round uses at most
 * six, so only the first six positions are drawn (they are those of the full shuffle, see shuffledIndices).
 *
 * Cards are dealt player, banker, player, banker. A card counts its rank (ace 1), tens and faces 0; a hand
 * is its total modulo 10. A two-card 8 or 9 (a natural) on either side ends the deal. Otherwise the player
 * draws a third card on 0–5 and stands on 6–7; the banker then follows the tableau (BANKER_DRAWS). The
 * higher total wins, equal totals tie. A pair bet wins when that side's first two cards share a rank.
 */

export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];
/** Ace 1, 2–10, jack 11, queen 12, king 13. */
export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
export interface Card {
  rank: Rank;
  suit: Suit;
}

export const DECKS_PER_SHOE = 8;
export const SHOE_SIZE = DECKS_PER_SHOE * 52;
/** The most cards a round deals: two per side and a third each. */
export const MAX_CARDS_PER_ROUND = 6;

export type BaccaratWinner = 'player' | 'banker' | 'tie';

export interface BaccaratOutcome {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
}

export type BaccaratBetKind = 'player' | 'banker' | 'tie' | 'player-pair' | 'banker-pair';
export type BaccaratBet = TableBet<BaccaratBetKind>;

/**
 * What each bet wins, "to one" in basis points (10 000 = 1:1), on top of the stake returned:
 * player 1:1; banker 1:1 less 5 % commission on the win, 0.95:1; tie 8:1; player pair and banker pair 11:1.
 * On a tie the player and banker bets push (the stake comes back). Wins round down to the minor unit.
 */
export const BACCARAT_PAYOUTS: Readonly<Record<BaccaratBetKind, bigint>> = {
  player: 10_000n,
  banker: 9_500n,
  tie: 80_000n,
  'player-pair': 110_000n,
  'banker-pair': 110_000n,
};

/** The card at position `index` of an unshuffled shoe: eight decks, each by suit then rank. */
export function shoeCard(index: number): Card {
  const inDeck = index % 52;
  return { suit: SUITS[Math.floor(inDeck / 13)] as Suit, rank: ((inDeck % 13) + 1) as Rank };
}

/** The first `count` cards of a shoe shuffled with the source's draws. */
export function shuffledShoe(source: UniformSource, count = SHOE_SIZE): Card[] {
  return shuffledIndices(source, SHOE_SIZE, count).map(shoeCard);
}

const ALL_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * The banker's tableau once the player has drawn: for each banker total, the values of the player's third
 * card on which the banker draws. 0–2 always draw; 3 draws unless the player's third is 8; 4 on 2–7; 5 on
 * 4–7; 6 on 6–7; 7 stands.
 */
export const BANKER_DRAWS: Readonly<Record<number, readonly number[]>> = {
  0: ALL_VALUES,
  1: ALL_VALUES,
  2: ALL_VALUES,
  3: [0, 1, 2, 3, 4, 5, 6, 7, 9],
  4: [2, 3, 4, 5, 6, 7],
  5: [4, 5, 6, 7],
  6: [6, 7],
  7: [],
};

/** Whether the banker draws a third card; `playerThird` is the value of the player's third card, if any. */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  return (BANKER_DRAWS[bankerTotal] ?? []).includes(playerThird);
}

/** Deals a round from the cards in the order given (the shoe's top first). */
export function dealBaccarat(cards: readonly Card[]): BaccaratOutcome {
  let next = 0;
  const take = (): Card => {
    const card = cards[next];
    if (!card) throw new RangeError('not enough cards to deal the round');
    next += 1;
    return card;
  };
  const player = [take()];
  const banker = [take()];
  player.push(take());
  banker.push(take());
  const natural = handTotal(player) >= 8 || handTotal(banker) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (handTotal(player) <= 5) {
      const third = take();
      player.push(third);
      playerThird = cardValue(third);
    }
    if (bankerDraws(handTotal(banker), playerThird)) banker.push(take());
  }
  const playerTotal = handTotal(player);
  const bankerTotal = handTotal(banker);
  const sameRank = (hand: readonly Card[]) => hand[0]?.rank === hand[1]?.rank;
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: sameRank(player),
    bankerPair: sameRank(banker),
  };
}

/** Plays a round from a source of draws: a freshly shuffled shoe, dealt. */
export const playBaccarat = (source: UniformSource): BaccaratOutcome =>
  dealBaccarat(shuffledShoe(source, MAX_CARDS_PER_ROUND));

export type BaccaratRound = Commitment;

/** Commit, resolve (reveal) and verify: see FairRounds. */
export const baccaratRounds = fairRounds('baccarat', playBaccarat);
export const {
  create: createBaccaratRound,
  resolve: resolveBaccaratRound,
  verify: verifyBaccarat,
} = baccaratRounds;

/** What each bet returns on the outcome: stake + win, the stake on a push, or 0. */
export function settleBaccarat(
  bets: readonly BaccaratBet[],
  outcome: BaccaratOutcome,
): SettledBet<BaccaratBetKind>[] {
  const won = (kind: BaccaratBetKind): boolean => {
    switch (kind) {
      case 'player':
      case 'banker':
      case 'tie':
        return outcome.winner === kind;
      case 'player-pair':
        return outcome.playerPair;
      case 'banker-pair':
        return outcome.bankerPair;
    }
  };
  return settleTable(bets, (kind) => {
    if (won(kind)) return { result: 'win', winBp: BACCARAT_PAYOUTS[kind] };
    if (outcome.winner === 'tie' && (kind === 'player' || kind === 'banker')) return { result: 'push' };
    return { result: 'lose' };
  });
}
