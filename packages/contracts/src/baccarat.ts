/**
 * Baccarat's count, the same for the sandbox provider's engine that deals a round and the table that
 * shows the deal card by card: a card counts its rank (ace 1), tens and faces 0; a hand is its total
 * modulo 10.
 */

/** A card as far as the count goes: ace 1, 2–10, jack 11, queen 12, king 13. */
export interface BaccaratRanked {
  readonly rank: number;
}

/** A card's baccarat value: ace 1, two to nine their rank, ten and faces 0. */
export const cardValue = (card: BaccaratRanked): number => (card.rank >= 10 ? 0 : card.rank);

/** A hand's total: the sum of its cards' values, modulo 10. */
export const handTotal = (cards: readonly BaccaratRanked[]): number =>
  cards.reduce((sum, card) => sum + cardValue(card), 0) % 10;
