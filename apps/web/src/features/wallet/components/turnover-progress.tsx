import type { WageringRequirement } from '@kl/contracts/wagering';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import '../wallet.css';

/**
 * What a requirement is, in words: the deposit's own, the bonus of a promotion, or another bonus (VIP); a
 * game provider's free rounds or bonus, with the game's name.
 */
export function requirementName(requirement: WageringRequirement, t: TFunction) {
  if (requirement.source === 'deposit') return t('wallet.turnover.deposit');
  const title = requirement.promotionTitle ?? '';
  if (requirement.source === 'free_rounds') return t('wallet.turnover.freeRounds', { title });
  if (requirement.source === 'provider_bonus') return t('wallet.turnover.providerBonus', { title });
  return requirement.promotionTitle === null
    ? t('wallet.turnover.bonusOther')
    : t('wallet.turnover.bonus', { title: requirement.promotionTitle });
}

/**
 * One turnover requirement: played so far of what it asks (a progress bar named for screen readers), what it
 * locks and what is still to play. Shared by the turnover panel and the promotion's claim.
 */
export function TurnoverProgress({
  requirement,
  currency,
}: {
  requirement: WageringRequirement;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const name = requirementName(requirement, t);
  const remaining = Math.max(0, requirement.required - requirement.progress);
  return (
    <div className="kl-turnover" data-testid="turnover-progress" data-status={requirement.status}>
      <div className="kl-turnover__line">
        <span className="kl-turnover__status">{t(`wallet.turnover.status.${requirement.status}`)}</span>
        <span data-testid="turnover-progress-text">
          {t('wallet.turnover.progress', {
            progress: money(requirement.progress),
            required: money(requirement.required),
          })}
        </span>
      </div>
      <progress
        className="kl-turnover__bar"
        max={requirement.required}
        value={requirement.progress}
        aria-label={t('wallet.turnover.progressLabel', { name })}
      />
      {requirement.status === 'active' && (
        <div className="kl-turnover__line kl-turnover__line--muted">
          <span>{t('wallet.turnover.remaining', { amount: money(remaining) })}</span>
          {requirement.locked > 0 && (
            <span>{t('wallet.turnover.lockedAmount', { amount: money(requirement.locked) })}</span>
          )}
        </div>
      )}
    </div>
  );
}
