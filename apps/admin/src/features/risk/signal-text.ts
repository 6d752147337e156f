import type { RiskSignal } from '@kl/contracts/admin/risk';
import { formatMoney } from '@kl/contracts/money';
import { useTranslation } from 'react-i18next';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const number = (value: unknown) => (typeof value === 'number' ? value : 0);

/** What a signal says happened, in the operator's language, from its kind and detail. */
export function useSignalText(): (signal: RiskSignal) => string {
  const { t, i18n } = useTranslation();
  return (signal) => {
    const { detail } = signal;
    const member = signal.member.username;
    const other = signal.otherMember?.username ?? '—';
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
      case 'shared_address':
        return t(`risk.what.${signal.kind}`, {
          member,
          others: Array.isArray(detail.members) ? detail.members.join(', ') : '',
        });
      case 'bonus_over_deposits':
        return t('risk.what.bonus_over_deposits', {
          member,
          bonuses: formatMoney(number(detail.bonuses), 'VND', i18n.language),
          deposits: formatMoney(number(detail.deposits), 'VND', i18n.language),
        });
      case 'promotion_shared_trace':
        return t('risk.what.promotion_shared_trace', {
          member,
          others: Array.isArray(detail.members) ? detail.members.join(', ') : '',
          promotion: text(detail.promotionCode),
        });
    }
  };
}
