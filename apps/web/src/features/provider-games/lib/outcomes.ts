import type { SandboxTableGame } from '@kl/contracts/sandbox-provider';

/**
 * The outcomes the provider's engines answer (apps/sandboxes/src/provider/games/*.ts), read
 * from the contract's `outcome: unknown` with a check of their shape: an answer of another shape shows as
 * no outcome rather than breaking the table.
 */

export const CARD_SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export type CardSuit = (typeof CARD_SUITS)[number];
export interface Card {
  /** Ace 1, 2–10, jack 11, queen 12, king 13. */
  rank: number;
  suit: CardSuit;
}
export interface BaccaratOutcome {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: 'player' | 'banker' | 'tie';
  playerPair: boolean;
  bankerPair: boolean;
}

export type Disc = 'red' | 'white';
export interface XocDiaOutcome {
  coins: Disc[];
  reds: number;
}

export const BAU_CUA_FACES = ['nai', 'bau', 'ga', 'ca', 'cua', 'tom'] as const;
export type BauCuaFace = (typeof BAU_CUA_FACES)[number];
export interface BauCuaOutcome {
  dice: BauCuaFace[];
}

export type CockfightResult = 'meron' | 'wala' | 'draw';
export interface CockfightOutcome {
  result: CockfightResult;
}

export interface TableOutcomes {
  baccarat: BaccaratOutcome;
  'xoc-dia': XocDiaOutcome;
  'bau-cua': BauCuaOutcome;
  cockfight: CockfightOutcome;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCard = (value: unknown): value is Card =>
  isRecord(value) &&
  Number.isInteger(value.rank) &&
  (value.rank as number) >= 1 &&
  (value.rank as number) <= 13 &&
  (CARD_SUITS as readonly unknown[]).includes(value.suit);

const isCards = (value: unknown): value is Card[] =>
  Array.isArray(value) && value.length >= 2 && value.length <= 3 && value.every(isCard);

const CHECKS: { [G in SandboxTableGame]: (value: unknown) => value is TableOutcomes[G] } = {
  baccarat: (value): value is BaccaratOutcome =>
    isRecord(value) &&
    isCards(value.player) &&
    isCards(value.banker) &&
    typeof value.playerTotal === 'number' &&
    typeof value.bankerTotal === 'number' &&
    ['player', 'banker', 'tie'].includes(value.winner as string) &&
    typeof value.playerPair === 'boolean' &&
    typeof value.bankerPair === 'boolean',
  'xoc-dia': (value): value is XocDiaOutcome =>
    isRecord(value) &&
    Array.isArray(value.coins) &&
    value.coins.length === 4 &&
    value.coins.every((coin) => coin === 'red' || coin === 'white') &&
    typeof value.reds === 'number',
  'bau-cua': (value): value is BauCuaOutcome =>
    isRecord(value) &&
    Array.isArray(value.dice) &&
    value.dice.length === 3 &&
    value.dice.every((die) => (BAU_CUA_FACES as readonly unknown[]).includes(die)),
  cockfight: (value): value is CockfightOutcome =>
    isRecord(value) && ['meron', 'wala', 'draw'].includes(value.result as string),
};

/** The round's outcome in its game's shape, or null (not revealed yet, or not of that shape). */
export function outcomeOf<G extends SandboxTableGame>(game: G, outcome: unknown): TableOutcomes[G] | null {
  const check = CHECKS[game] as (value: unknown) => value is TableOutcomes[G];
  return check(outcome) ? outcome : null;
}

/** The deal's order: player, banker, player, banker, then the player's third, then the banker's. */
export function dealOrder(outcome: BaccaratOutcome): { side: 'player' | 'banker'; index: number }[] {
  const order: { side: 'player' | 'banker'; index: number }[] = [
    { side: 'player', index: 0 },
    { side: 'banker', index: 0 },
    { side: 'player', index: 1 },
    { side: 'banker', index: 1 },
  ];
  if (outcome.player.length > 2) order.push({ side: 'player', index: 2 });
  if (outcome.banker.length > 2) order.push({ side: 'banker', index: 2 });
  return order;
}
