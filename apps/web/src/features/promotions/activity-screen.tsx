import { fullPath } from '@kl/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageFor } from '../../shared/lib/api-client.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { usePromotionClaims } from './api/get-claims.ts';
import { usePromotions } from './api/get-promotions.ts';
import { ClaimStatusBadge } from './components/claim-status.tsx';
import { bonusText, claimShown, periodText } from './lib/format.ts';
import './promotions.css';

/** Promotions shown at first, and added by "show more". */
export const PROMOTIONS_PAGE_SIZE = 10;

/**
 * /m/activity (product.md §2 Promotions): the merchant's promotions with their pictures (lazy), bonus, period
 * and, for a member, the status of their claim; each opens its detail.
 */
export default function ActivityScreen() {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const promotions = usePromotions();
  const claims = usePromotionClaims(role === 'member');
  const [shown, setShown] = useState(PROMOTIONS_PAGE_SIZE);

  let body;
  if (promotions.isPending) body = <p role="status">{t('promotions.loading')}</p>;
  else if (promotions.isError) {
    body = (
      <div className="kl-promo-card" role="alert">
        <p>{messageFor(promotions.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void promotions.refetch()}
        >
          {t('promotions.retry')}
        </button>
      </div>
    );
  } else if (promotions.data.list.length === 0) body = <EmptyState title={t('promotions.empty')} />;
  else {
    const list = promotions.data.list;
    body = (
      <>
        <ul className="kl-promo-list" aria-label={t('promotions.listLabel')}>
          {list.slice(0, shown).map((promotion) => {
            const claim = claimShown(claims.data?.list, promotion.id);
            return (
              <li key={promotion.id} className="kl-promo-card" data-testid="promotion">
                <Link className="kl-promo-card__link" to={`${fullPath('activityDetail')}?id=${promotion.id}`}>
                  <img
                    className="kl-promo-card__image"
                    src={promotion.imageUrl}
                    alt=""
                    width={345}
                    height={130}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className="kl-promo-card__title">{promotion.title}</span>
                </Link>
                <p className="kl-promo-card__summary">{promotion.summary}</p>
                <p className="kl-promo-card__meta">
                  <span>{t('promotions.bonus', { bonus: bonusText(promotion, t, i18n.language) })}</span>
                  <span>{t('promotions.period', { period: periodText(promotion, i18n.language) })}</span>
                </p>
                <p className="kl-promo-card__state">
                  {!promotion.active && <span className="kl-promo-status">{t('promotions.inactive')}</span>}
                  {claim && <ClaimStatusBadge claim={claim} />}
                </p>
              </li>
            );
          })}
        </ul>
        {list.length > shown && (
          <button
            type="button"
            className="kl-button kl-button--outline kl-promo-more"
            onClick={() => setShown((count) => count + PROMOTIONS_PAGE_SIZE)}
          >
            {t('promotions.showMore')}
          </button>
        )}
      </>
    );
  }

  return (
    <section className="kl-screen kl-promotions" data-page="activity" aria-label={t('route.activity')}>
      {body}
    </section>
  );
}
