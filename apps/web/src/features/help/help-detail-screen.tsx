import { fullPath } from '@kl/contracts/routes';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/lib/api-client.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { LoadFailed } from '../../shared/ui/load-failed.tsx';
import { HtmlContent } from '../messages/index.ts';
import { useHelpItem } from './api/help.ts';
import './help.css';

void HtmlContent.preload().catch(() => undefined);

/** The item an address names: `?id=` (or `?itemId=`), a positive integer. */
function itemIdOf(params: URLSearchParams): number | null {
  const value = params.get('id') ?? params.get('itemId');
  if (value === null || !/^[0-9]{1,12}$/.test(value) || Number(value) <= 0) return null;
  return Number(value);
}

/**
 * /m/helpDetail?id=… (product.md §2): one help item, its HTML sanitised (scripts and event handlers never
 * run), with a way to its topic in the help centre.
 */
export default function HelpDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = itemIdOf(params);
  const { data: item, isPending, isError, error, refetch } = useHelpItem(id);
  const titleId = useId();
  const waiting = (
    <p className="kl-help__status" role="status">
      {t('in_please_wait')}
    </p>
  );
  const allTopics = (tag?: string) => (
    <Link
      className="kl-button kl-button--outline kl-button--small"
      to={tag ? `${fullPath('help')}?tag=${encodeURIComponent(tag)}` : fullPath('help')}
    >
      {t('help.allTopics')}
    </Link>
  );

  let body;
  if (id === null || (isError && error instanceof ApiError && error.code === 'NOT_FOUND')) {
    body = <EmptyState title={t('help.notFound')}>{allTopics()}</EmptyState>;
  } else if (isPending) {
    body = waiting;
  } else if (isError) {
    body = <LoadFailed className="kl-help__status" error={error} onRetry={() => void refetch()} />;
  } else {
    body = (
      <article className="kl-help__detail" aria-labelledby={titleId} data-testid="help-detail">
        <h2 id={titleId} className="kl-help__topic-title">
          {item.title}
        </h2>
        <Suspense fallback={waiting}>
          <HtmlContent html={item.content} />
        </Suspense>
        <p className="kl-help__detail-actions">{allTopics(item.tag)}</p>
      </article>
    );
  }
  return (
    <section className="kl-screen kl-help" data-page="helpDetail">
      {body}
    </section>
  );
}
