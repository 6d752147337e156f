import type { WalletTransaction } from '@kl/contracts/wallet';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { useTransactionPages } from './api/get-transactions.ts';
import { DateRangeFilter } from './components/date-range-filter.tsx';
import { ReportLine, ReportList } from './components/report-list.tsx';
import { initialRange, rangeOf, type DateRangeChoice } from './lib/date-range.ts';
import { HISTORY_KIND_FILTERS, kindParam, type HistoryKindFilter } from './lib/history-kinds.ts';
import './member.css';

/** What a transaction did to the member's money: the available balance, else the held one. */
const changeOf = (item: WalletTransaction) =>
  item.availableChange !== 0 ? item.availableChange : item.heldChange;

function TransactionLine({ item }: { item: WalletTransaction }) {
  const { t, i18n } = useTranslation();
  return (
    <ReportLine
      testId="history-line"
      kind={item.kind}
      title={t(`member.kinds.${item.kind}`)}
      amount={changeOf(item)}
      currency={item.currency}
      createdAt={item.createdAt}
      reference={
        item.game
          ? {
              label: t('member.history.game'),
              value: item.game.round
                ? t('member.history.gameRound', { name: item.game.name, round: item.game.round })
                : item.game.name,
            }
          : { label: t('member.history.reference'), value: item.reference ?? `#${item.id}` }
      }
    >
      <div>
        <dt>{t('member.history.balanceAfter')}</dt>
        <dd>
          {item.balanceAfter === null ? '—' : formatMoney(item.balanceAfter, item.currency, i18n.language)}
        </dd>
      </div>
    </ReportLine>
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
      <ReportList
        pages={pages}
        enabled={result.ok}
        label={t('route.memberHistory')}
        renderLine={(item) => <TransactionLine key={item.id} item={item} />}
      />
    </section>
  );
}
