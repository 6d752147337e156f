import type { LedgerKind } from '@kl/contracts/wallet';

/** The kind filter of the transaction history: groups of ledger kinds a member thinks of as one. */
export const HISTORY_KIND_FILTERS = ['all', 'deposit', 'withdrawal', 'games', 'bonus', 'other'] as const;
export type HistoryKindFilter = (typeof HISTORY_KIND_FILTERS)[number];

const KINDS: Record<Exclude<HistoryKindFilter, 'all'>, readonly LedgerKind[]> = {
  deposit: ['deposit'],
  withdrawal: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_paid'],
  games: ['bet', 'win', 'game_round', 'jackpot_win'],
  bonus: ['bonus', 'bonus_forfeit', 'free_round_win', 'bonus_win', 'promo_win'],
  other: ['reversal', 'trial_credit', 'adjustment_credit', 'adjustment_debit', 'agent_commission'],
};

/** The ledger kinds of each group but 'all' (every kind is in exactly one). */
export const kindsOf = (filter: Exclude<HistoryKindFilter, 'all'>): readonly LedgerKind[] => KINDS[filter];

/** The `kind` parameter of a filter (undefined: every kind). */
export function kindParam(filter: HistoryKindFilter): string | undefined {
  return filter === 'all' ? undefined : KINDS[filter].join(',');
}
