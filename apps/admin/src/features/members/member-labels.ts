import type { LedgerKind } from '@kl/contracts/wallet';
import { useTranslation } from 'react-i18next';

/**
 * The words an operator reads for a member's codes (docs/back-office.md, "Members"): the member type
 * (product.md §3: 0 member, 1 agent, 2 sub-agent, 4 trial) and the kind of a ledger line, in the
 * operator's language. A code without a word of its own is shown with its number or name.
 */

const NAMED_TYPES = [0, 1, 2, 4] as const;
type NamedType = (typeof NAMED_TYPES)[number];
const isNamedType = (type: number): type is NamedType => (NAMED_TYPES as readonly number[]).includes(type);
/** Every kind of the ledger (contracts wallet.ts LEDGER_KINDS, checked by type: no module loaded for it). */
const LEDGER_KIND_NAMES: Record<LedgerKind, true> = {
  deposit: true,
  withdrawal_hold: true,
  withdrawal_release: true,
  withdrawal_paid: true,
  bet: true,
  win: true,
  game_round: true,
  bonus: true,
  bonus_forfeit: true,
  reversal: true,
  trial_credit: true,
  adjustment_credit: true,
  adjustment_debit: true,
  agent_commission: true,
  free_round_win: true,
  bonus_win: true,
  jackpot_win: true,
  promo_win: true,
};
const isLedgerKind = (kind: string): kind is LedgerKind => Object.hasOwn(LEDGER_KIND_NAMES, kind);

export function useMemberLabels() {
  const { t } = useTranslation();
  return {
    memberType: (type: number): string =>
      isNamedType(type) ? t(`members.types.${type}`) : t('members.types.other', { type }),
    ledgerKind: (kind: string): string => (isLedgerKind(kind) ? t(`members.ledgerKinds.${kind}`) : kind),
  };
}
