import { fullPath } from '@kl/contracts/routes';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorCodeOf, messageFor } from '../../shared/lib/api-client.ts';
import { sanitizeHtml } from '../../shared/lib/sanitize-html.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { usePromotionClaims } from './api/get-claims.ts';
import { usePromotionDetail } from './api/get-promotion-detail.ts';
import { PromotionActions } from './components/promotion-actions.tsx';
import { bonusText, periodText } from './lib/format.ts';
import './promotions.css';

/** The `id` query parameter when it is a positive whole number. */
export function promotionIdOf(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * /m/activityDetail?id= (product.md §2): one promotion — picture, bonus, period, the merchant's detail HTML
 * (sanitised) and the member's apply / status / claim actions.
 */
export default function ActivityDetailScreen() {
  const { t, i18n } = useTranslation();
  const { role } = useSession();
  const [params] = useSearchParams();
  const id = promotionIdOf(params.get('id'));
  const detail = usePromotionDetail(id);
  const claims = usePromotionClaims(role === 'member' && id !== null);
  const html = useMemo(() => (detail.data ? sanitizeHtml(detail.data.detailHtml) : ''), [detail.data]);

  let body;
  if (id === null || (detail.isError && errorCodeOf(detail.error) === 'NOT_FOUND')) {
    body = (
      <EmptyState title={t('promotions.notFound')}>
        <Link className="kl-button kl-button--outline kl-button--small" to={fullPath('activity')}>
          {t('promotions.backToList')}
        </Link>
      </EmptyState>
    );
  } else if (detail.isPending) body = <p role="status">{t('promotions.loading')}</p>;
  else if (detail.isError) {
    body = (
      <div className="kl-promo-card" role="alert">
        <p>{messageFor(detail.error)}</p>
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small"
          onClick={() => void detail.refetch()}
        >
          {t('promotions.retry')}
        </button>
      </div>
    );
  } else {
    const promotion = detail.data;
    body = (
      <article className="kl-promo-detail" aria-labelledby="kl-promo-title">
        <img
          className="kl-promo-card__image"
          src={promotion.imageUrl}
          alt=""
          width={345}
          height={130}
          loading="lazy"
          decoding="async"
        />
        <h2 id="kl-promo-title" className="kl-promo-detail__title">
          {promotion.title}
        </h2>
        <p className="kl-promo-card__meta">
          <span>{t('promotions.bonus', { bonus: bonusText(promotion, t, i18n.language) })}</span>
          <span>{t('promotions.period', { period: periodText(promotion, i18n.language) })}</span>
          {promotion.turnover && (
            <span data-testid="promotion-turnover">
              {t('promotions.turnoverRule', {
                multiple: promotion.turnover.multiple,
                base: t(`promotions.turnoverBase.${promotion.turnover.base}`),
              })}
            </span>
          )}
        </p>
        <div
          className="kl-promo-detail__html kl-html-content"
          data-testid="promotion-html"
          dangerouslySetInnerHTML={{ __html: html }}
        />
        <PromotionActions
          promotion={promotion}
          claims={claims.data?.list ?? []}
          claimsPending={role === 'member' && claims.isPending}
        />
      </article>
    );
  }

  return (
    <section
      className="kl-screen kl-promotions"
      data-page="activityDetail"
      aria-label={t('route.activityDetail')}
    >
      {body}
    </section>
  );
}
