import type { RiskSignal } from '@kl/contracts/admin/risk';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useTranslation } from 'react-i18next';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amount = (value: unknown) => (typeof value === 'number' ? value : 0);

type Named = RiskSignal['member'];
const isNamed = (value: unknown): value is Named =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Named).id === 'string' &&
  typeof (value as Named).username === 'string';

/**
 * The other members a signal names: those sharing a device or an address (its `members`), or its other
 * member.
 */
export function othersOf(signal: RiskSignal): Named[] {
  const { members } = signal.detail;
  if (Array.isArray(members) && members.length > 0) return members.filter(isNamed);
  return signal.otherMember ? [signal.otherMember] : [];
}

/** What a signal says happened, in the operator's language, from its kind and detail. */
export function useSignalText(): (signal: RiskSignal) => string {
  const { t, i18n } = useTranslation();
  return (signal) => {
    const { detail } = signal;
    const member = signal.member.username;
    const other = signal.otherMember?.username ?? '—';
    const others = othersOf(signal)
      .map((named) => named.username)
      .join(', ');
    const money = (value: unknown) => formatMoney(amount(value), WALLET_CURRENCY, i18n.language);
    switch (signal.kind) {
      case 'referral_refused': {
        const reason = text(detail.reason);
        const why =
          reason === 'REFERRAL_SHARED_BANK_ACCOUNT' ||
          reason === 'REFERRAL_SHARED_DEVICE' ||
          reason === 'REFERRAL_SHARED_ADDRESS'
            ? t(`risk.referralReasons.${reason}`)
            : reason;
        return t('risk.what.referral_refused', { member, other, why, promotion: text(detail.promotionCode) });
      }
      case 'bank_account_conflict':
        return t('risk.what.bank_account_conflict', { member, other, bank: text(detail.bankCode) });
      case 'shared_device':
        return t('risk.what.shared_device', { member, others });
      case 'shared_address':
        return t('risk.what.shared_address', { member, others, ip: text(detail.ip) });
      case 'bonus_over_deposits':
        return t('risk.what.bonus_over_deposits', {
          member,
          promotion: text(detail.promotionCode),
          bonuses: money(detail.bonuses),
          deposits: money(detail.deposits),
        });
    }
  };
}
