import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { LoadMore } from '../../../shared/ui/load-more.tsx';

/** Waiting for the server. */
export function ReportLoading() {
  const { t } = useTranslation();
  return (
    <p className="kl-member-report__status" role="status">
      {t('in_please_wait')}
    </p>
  );
}

/** A list that could not be loaded, with a way to try again. */
export function ReportFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="kl-member-report__status" role="alert">
      <p>{t('member.loadFailed')}</p>
      <button type="button" className="kl-button kl-button--outline kl-button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Nothing for the filter (product.md §8 `in_no_data`). */
export function ReportEmpty() {
  return <EmptyState />;
}

/**
 * The end of a list: the next page when the end comes near (infinite scroll, product.md §9) or on the button;
 * "all shown" once the last page is in.
 */
export function ReportMore({
  hasNext,
  loading,
  pages,
  onMore,
}: {
  hasNext: boolean;
  loading: boolean;
  pages: number;
  onMore: () => void;
}) {
  const { t } = useTranslation();
  if (!hasNext) return <p className="kl-member-report__end">{t('member.allShown')}</p>;
  return (
    <div className="kl-member-report__more">
      <LoadMore active={!loading} pages={pages} onLoadMore={onMore} />
      <button
        type="button"
        className="kl-button kl-button--outline kl-button--small"
        disabled={loading}
        onClick={onMore}
      >
        {loading ? t('in_please_wait') : t('member.loadMore')}
      </button>
    </div>
  );
}
