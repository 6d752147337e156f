import { type VipLevelTerms, vipLevelChangePayload } from '@kl/contracts/admin/vip';
import { formatMoney } from '@kl/contracts/money';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useTranslation } from 'react-i18next';
import { percentOf } from './vip-level-form.ts';

/** A level's terms in one line of the operator's language: what a change waiting would set. */
export function useVipTermsText() {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, WALLET_CURRENCY, i18n.language);
  return (terms: VipLevelTerms) =>
    t('vipLevels.termsText', {
      name: i18n.language === 'en' && terms.name.en ? terms.name.en : terms.name.vi,
      threshold: money(terms.depositThreshold),
      upgrade: money(terms.upgradeBonus),
      birthday: money(terms.birthdayBonus),
      monthly: money(terms.monthlyBonus),
      rebate: percentOf(terms.rebateBasisPoints),
      count: terms.dailyWithdrawalCount,
      limit: money(terms.dailyWithdrawalLimit),
    });
}

/** What a `vip_level.update` request asks, in words (the requests' list of the Operators screen). */
export function useVipChangeText() {
  const { t } = useTranslation();
  const termsText = useVipTermsText();
  return (payload: unknown) => {
    const change = vipLevelChangePayload.safeParse(payload);
    if (!change.success) return t('vipLevels.menu');
    const { level, terms } = change.data;
    const what = t(change.data.change === 'create' ? 'vipLevels.changeCreate' : 'vipLevels.changeUpdate', {
      level,
    });
    return `${what}: ${termsText(terms)}`;
  };
}
