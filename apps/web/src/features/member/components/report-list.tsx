import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { signedMoney } from '../lib/money-text.ts';
import { ReportEmpty, ReportFailed, ReportLoading, ReportMore } from './report-parts.tsx';

/** What a report list reads of its infinite query (TanStack Query's `useInfiniteQuery`). */
interface ReportPages<Page extends { list: readonly unknown[] }> {
  data?: { pages: readonly Page[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The body of a report of product.md §7 under its filter: nothing while the dates are wrong, then waiting,
 * failed (with a retry), nothing for the filter, or the lines, page after page (`above` goes before them).
 */
export function ReportList<Page extends { list: readonly unknown[] }>({
  pages,
  enabled,
  label,
  above,
  renderLine,
}: {
  pages: ReportPages<Page>;
  /** False while the filter's dates are wrong: nothing is asked for. */
  enabled: boolean;
  label: string;
  above?: (first: Page) => ReactNode;
  renderLine: (item: Page['list'][number]) => ReactNode;
}) {
  const list = pages.data?.pages.flatMap((page) => page.list) ?? [];
  const first = pages.data?.pages[0];
  if (!enabled) return null;
  if (pages.isPending) return <ReportLoading />;
  if (pages.isError && !pages.data) return <ReportFailed onRetry={() => void pages.refetch()} />;
  if (list.length === 0) return <ReportEmpty />;
  return (
    <>
      {first && above?.(first)}
      <ul className="kl-member-lines" aria-label={label}>
        {list.map(renderLine)}
      </ul>
      <ReportMore
        hasNext={pages.hasNextPage}
        loading={pages.isFetchingNextPage}
        pages={pages.data?.pages.length ?? 0}
        onMore={() => void pages.fetchNextPage()}
      />
    </>
  );
}

/** Which way an amount went, for its colour (`data-sign`). */
export const signOf = (amount: number) => (amount > 0 ? 'plus' : amount < 0 ? 'minus' : 'zero');

/**
 * One line of a report: its title and signed amount, then its details (`children`), the time (the
 * merchant's, its zone named when the phone's differs) and its reference.
 */
export function ReportLine({
  testId,
  kind,
  title,
  amount,
  currency,
  createdAt,
  reference,
  children,
}: {
  testId: string;
  kind?: string;
  title: string;
  amount: number;
  currency: string;
  createdAt: string;
  reference: { label: string; value: string };
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const time = formatSiteDateTime(createdAt);
  return (
    <li className="kl-member-line" data-testid={testId} data-kind={kind}>
      <div className="kl-member-line__main">
        <span className="kl-member-line__title">{title}</span>
        <span className="kl-member-line__amount" data-sign={signOf(amount)}>
          {signedMoney(amount, currency, i18n.language)}
        </span>
      </div>
      <dl className="kl-member-line__details">
        {children}
        {time && (
          <div>
            <dt>{t('member.history.time')}</dt>
            <dd>
              <time dateTime={createdAt}>{time}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{reference.label}</dt>
          <dd className="kl-member-line__reference">{reference.value}</dd>
        </div>
      </dl>
    </li>
  );
}
