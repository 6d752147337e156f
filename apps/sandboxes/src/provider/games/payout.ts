/**
 * Payout arithmetic shared by the sandbox games. Amounts are integer minor units (bigint), as everywhere in
 * the server (docs/conventions.md, Money); odds are integers in basis points (1 = 0.0001), so no float
 * ever touches money. Where odds do not divide the stake exactly, the win is rounded down to the minor unit
 * (the fraction stays with the house): 0.95:1 on a stake of 15 wins 14, returning 29.
 */

export const BASIS_POINTS = 10_000n;

/** How a bet ended: won (stake and win returned), pushed (the stake returned) or lost. */
export type BetResult = 'win' | 'push' | 'lose';

/** A table bet: a kind (what it is on) and a stake in minor units. */
export interface TableBet<Kind extends string> {
  kind: Kind;
  stake: bigint;
}

export interface SettledBet<Kind extends string> extends TableBet<Kind> {
  result: BetResult;
  /** What goes back to the player: stake + win, the stake on a push, 0 on a loss. */
  returned: bigint;
}

/** A bet's judgement: lost, pushed, or won at `winBp` (the "to one" odds in basis points: 1:1 = 10 000). */
export type Judgement = { result: 'lose' } | { result: 'push' } | { result: 'win'; winBp: bigint };

export function assertStake(stake: bigint): void {
  if (stake <= 0n) throw new RangeError(`a stake must be a positive amount, not ${stake}`);
}

/** Stake + ⌊stake × winBp / 10 000⌋. */
export const returnAtOdds = (stake: bigint, winBp: bigint): bigint => stake + (stake * winBp) / BASIS_POINTS;

/** Settles each bet by the game's judgement of it. */
export function settleTable<Kind extends string>(
  bets: readonly TableBet<Kind>[],
  judge: (kind: Kind) => Judgement,
): SettledBet<Kind>[] {
  return bets.map(({ kind, stake }) => {
    assertStake(stake);
    const judgement = judge(kind);
    const returned =
      judgement.result === 'win'
        ? returnAtOdds(stake, judgement.winBp)
        : judgement.result === 'push'
          ? stake
          : 0n;
    return { kind, stake, result: judgement.result, returned };
  });
}
