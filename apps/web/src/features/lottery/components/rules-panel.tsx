import type { LotteryBetTypeOffer } from '@kl/contracts/lottery';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';

/** How each bet type of the play type wins, with its price and payout per point. */
export function RulesPanel({ offers }: { offers: readonly LotteryBetTypeOffer[] }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, 'VND', i18n.language);
  return (
    <section aria-label={t('lottery.tab.rules')} className="kl-lottery-rules">
      <p>{t('lottery.rulesIntro')}</p>
      <dl>
        {offers.map((offer) => (
          <div key={offer.code}>
            <dt>{t(`lottery.betType.${offer.code}`)}</dt>
            <dd>
              {t(`lottery.rule.${offer.code}`)}{' '}
              {t('lottery.odds', { price: money(offer.pricePerPoint), payout: money(offer.payoutPerPoint) })}
            </dd>
          </div>
        ))}
      </dl>
      <p>{t('lottery.fairRule')}</p>
    </section>
  );
}
