import type { SlotRound } from '@kl/contracts/slot';

/** Auto-spin: how many rounds, and when to stop before that (auto-spin with stop conditions). */
export const AUTO_SPIN_COUNTS = [10, 25, 50, 100] as const;

export interface AutoSpinSettings {
  count: number;
  /** Stop after a round that wins more than this (minor units); null: never. */
  winAbove: number | null;
  /** Stop when the balance falls below this (minor units); null: never. */
  balanceBelow: number | null;
  /** Stop when a round awards free spins. */
  onFreeSpins: boolean;
}

export type AutoStopReason =
  'done' | 'winAbove' | 'balanceBelow' | 'freeSpins' | 'cannotAfford' | 'error' | 'user';

/** Why the auto-spin stops after `round` (with `balance` left and `left` rounds to go), or null to go on. */
export function autoStopAfter(
  settings: AutoSpinSettings,
  round: SlotRound,
  balance: number,
  left: number,
  nextBet: number,
): AutoStopReason | null {
  if (round.spins.length > 1 && settings.onFreeSpins) return 'freeSpins';
  if (settings.winAbove !== null && round.totalWin > settings.winAbove) return 'winAbove';
  if (settings.balanceBelow !== null && balance < settings.balanceBelow) return 'balanceBelow';
  if (left <= 0) return 'done';
  if (balance < nextBet) return 'cannotAfford';
  return null;
}
