import type { PromotionClaim, PromotionDetail } from '@kl/contracts/promotions';
import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useApplyPromotion, useClaimBonus } from '../hooks.ts';
import { formatMoney } from '@kl/contracts/money';
import { TurnoverProgress } from '../../wallet/turnover.ts';
import { ClaimStatusBadge } from './claim-status.tsx';

function ClaimRow({ claim }: { claim: PromotionClaim }) {
  const { t, i18n } = useTranslation();
  const claimBonus = useClaimBonus();
  const amount =
    claim.bonusAmount === null ? null : formatMoney(claim.bonusAmount, claim.currency, i18n.language);
  return (
    <li className="kl-promo-claim" data-testid="claim">
      <ClaimStatusBadge claim={claim} />
      {claim.referredMember && <span>{t('promotions.referred', { name: claim.referredMember })}</span>}
      {amount && <span>{t('promotions.bonusAmount', { amount })}</span>}
      {claim.status === 'applying' && <span>{t('promotions.applyingHint')}</span>}
      {claim.status === 'rejected' && claim.reason && <span>{t(`promotions.reasons.${claim.reason}`)}</span>}
      {claim.status === 'issued' && (
        <button
          type="button"
          className="kl-button kl-button--primary"
          disabled={claimBonus.isPending}
          aria-busy={claimBonus.isPending}
          onClick={() => claimBonus.mutate(claim)}
        >
          {t('promotions.claim', { amount })}
        </button>
      )}
      {claim.requirement && <TurnoverProgress requirement={claim.requirement} currency={claim.currency} />}
    </li>
  );
}

/**
 * What the member can do about a promotion: visitors are sent to log in, trial members are told a real
 * account is needed; a member applies (once), then sees the status and claims an issued bonus. REFERRAL is
 * not applied to: its bonuses come from invited friends.
 */
export function PromotionActions({
  promotion,
  claims,
  claimsPending,
}: {
  promotion: PromotionDetail;
  claims: PromotionClaim[];
  claimsPending: boolean;
}) {
  const { t } = useTranslation();
  const { role } = useSession();
  const location = useLocation();
  const apply = useApplyPromotion();

  if (role === 'visitor') {
    return (
      <div className="kl-promo-actions">
        <Link
          className="kl-button kl-button--primary"
          to={fullPath('login')}
          state={{ from: `${location.pathname}${location.search}` }}
        >
          {t(promotion.type === 'REFERRAL' ? 'promotions.loginToInvite' : 'promotions.loginToApply')}
        </Link>
      </div>
    );
  }
  if (role === 'trial') {
    return (
      <div className="kl-promo-actions">
        <p>{t('free_reject')}</p>
        <Link className="kl-button kl-button--outline" to={fullPath('register')}>
          {t('promotions.registerNow')}
        </Link>
      </div>
    );
  }
  if (claimsPending) return <p role="status">{t('promotions.loading')}</p>;

  const own = claims.filter((claim) => claim.promotionId === promotion.id);
  return (
    <div className="kl-promo-actions">
      {own.length > 0 && (
        <ul className="kl-promo-claims" aria-label={t('promotions.myClaims')}>
          {own.map((claim) => (
            <ClaimRow key={claim.id} claim={claim} />
          ))}
        </ul>
      )}
      {promotion.type === 'REFERRAL' ? (
        <Link className="kl-button kl-button--primary" to={fullPath('inviteFriends')}>
          {t('promotions.inviteFriends')}
        </Link>
      ) : own.length === 0 && promotion.active ? (
        <button
          type="button"
          className="kl-button kl-button--primary"
          disabled={apply.isPending}
          aria-busy={apply.isPending}
          onClick={() => apply.mutate(promotion.id)}
        >
          {t('promotions.apply')}
        </button>
      ) : own.length === 0 ? (
        <p>{t('promotions.inactive')}</p>
      ) : null}
    </div>
  );
}
