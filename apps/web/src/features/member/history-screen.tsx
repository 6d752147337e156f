import type { WalletTransaction } from '@kl/contracts/wallet';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/lib/money.ts';
import { useTransactionPages } from './api/get-transactions.ts';
import { DateRangeFilter } from './components/date-range-filter.tsx';
import { ReportEmpty, ReportFailed, ReportLoading, ReportMore } from './components/report-parts.tsx';
import { formatReportTime, initialRange, rangeOf, type DateRangeChoice } from './lib/date-range.ts';
import { HISTORY_KIND_FILTERS, kindParam, type HistoryKindFilter } from './lib/history-kinds.ts';
import { signedMoney } from './lib/money-text.ts';
import './member.css';

/** What a transaction did to the member's money: the available balance, else the held one. */
const changeOf = (item: WalletTransaction) =>
  item.availableChange !== 0 ? item.availableChange : item.heldChange;

function TransactionLine({ item }: { item: WalletTransaction }) {
  const { t, i18n } = useTranslation();
  const change = changeOf(item);
  const time = formatReportTime(item.createdAt);
  return (
    <li className="kl-member-line" data-testid="history-line" data-kind={item.kind}>
      <div className="kl-member-line__main">
        <span className="kl-member-line__title">{t(`member.kinds.${item.kind}`)}</span>
        <span
          className="kl-member-line__amount"
          data-sign={change > 0 ? 'plus' : change < 0 ? 'minus' : 'zero'}
        >
          {signedMoney(change, item.currency, i18n.language)}
        </span>
      </div>
      <dl className="kl-member-line__details">
        <div>
          <dt>{t('member.history.balanceAfter')}</dt>
          <dd>
            {item.balanceAfter === null ? '—' : formatMoney(item.balanceAfter, item.currency, i18n.language)}
          </dd>
        </div>
        {time && (
          <div>
            <dt>{t('member.history.time')}</dt>
            <dd>
              <time dateTime={item.createdAt}>{time}</time>
            </dd>
          </div>
        )}
        <div>
          <dt>{t('member.history.reference')}</dt>
          <dd className="kl-member-line__reference">{item.reference ?? `#${item.id}`}</dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * /m/member/history (product.md §7 reports): the member's wallet transactions, newest first, by kind and by
 * days (UTC+7), page after page.
 */
export default function HistoryScreen() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<HistoryKindFilter>('all');
  const [range, setRange] = useState<DateRangeChoice>(() => initialRange());
  const result = useMemo(() => rangeOf(range), [range]);
  const filter = useMemo(
    () => ({ kind: kindParam(kind), ...(result.ok ? { from: result.from, to: result.to } : {}) }),
    [kind, result],
  );
  const pages = useTransactionPages(filter, result.ok);
  const list = pages.data?.pages.flatMap((page) => page.list) ?? [];

  let body;
  if (!result.ok) body = null;
  else if (pages.isPending) body = <ReportLoading />;
  else if (pages.isError && !pages.data) body = <ReportFailed onRetry={() => void pages.refetch()} />;
  else if (list.length === 0) body = <ReportEmpty />;
  else
    body = (
      <>
        <ul className="kl-member-lines" aria-label={t('route.memberHistory')}>
          {list.map((item) => (
            <TransactionLine key={item.id} item={item} />
          ))}
        </ul>
        <ReportMore
          hasNext={pages.hasNextPage}
          loading={pages.isFetchingNextPage}
          pages={pages.data?.pages.length ?? 0}
          onMore={() => void pages.fetchNextPage()}
        />
      </>
    );

  return (
    <section className="kl-screen kl-member-report" data-page="member" aria-label={t('route.memberHistory')}>
      <form
        className="kl-member-filter"
        aria-label={t('member.filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="kl-member-field">
          <span className="kl-member-field__label">{t('member.filters.kind')}</span>
          <select
            className="kl-member-field__control"
            value={kind}
            onChange={(event) => setKind(event.target.value as HistoryKindFilter)}
          >
            {HISTORY_KIND_FILTERS.map((option) => (
              <option key={option} value={option}>
                {t(`member.kindFilters.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter choice={range} result={result} onChange={setRange} />
      </form>
      {body}
    </section>
  );
}
