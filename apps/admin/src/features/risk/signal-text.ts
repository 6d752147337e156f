import type { RiskSignal } from '@kl/contracts/admin/risk';
import { useTranslation } from 'react-i18next';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What a signal says happened, in the operator's language, from its kind and detail. */
export function useSignalText(): (signal: RiskSignal) => string {
  const { t } = useTranslation();
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
    }
  };
}
