import {
  DOWNLINE_KINDS,
  DOWNLINE_SCOPES,
  DOWNLINE_SORTS,
  type DownlineQuery,
  type DownlineRow,
  type DownlineSort,
} from '@kl/contracts/agents';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { useDownline } from '../../hooks/use-centre.ts';
import { DownlineMemberSheet } from './downline-member-sheet.tsx';
import { Chips, DateRange, PagedList } from './parts.tsx';

/** How long the username search waits after the last key before asking. */
const SEARCH_DELAY_MS = 300;

/** The text typed, once it has stayed the same for a moment. */
function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function DownlineLine({ row, currency, onOpen }: { row: DownlineRow; currency: string; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, currency, i18n.language);
  return (
    <li className="kl-centre__row" data-testid="downline-row">
      <button type="button" className="kl-centre__row-button" onClick={onOpen}>
        <span className="kl-centre__row-title">
          {row.username}
          <span className="kl-centre__tag">
            {row.isAgent ? t('agentCentre.downline.agent') : t('agentCentre.downline.member')}
            {row.depth > 1 && ` · ${t('agentCentre.downline.depth', { depth: row.depth })}`}
          </span>
        </span>
        <span className="kl-centre__row-grid">
          <span>
            {t('agentCentre.downline.registeredAt')}: {formatSiteDateTime(row.registeredAt)}
          </span>
          <span>
            {t('agentCentre.downline.lastLoginAt')}:{' '}
            {row.lastLoginAt ? formatSiteDateTime(row.lastLoginAt) : t('agentCentre.downline.never')}
          </span>
          <span>
            {t('agentCentre.figures.deposits')}: {money(row.deposits)}
          </span>
          <span>
            {t('agentCentre.figures.turnover')}: {money(row.turnover)}
          </span>
          <span>
            {t('agentCentre.figures.ggr')}: {money(row.ggr)}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * The downline (AGEDOWNMAN3): the direct downline or the whole team, members, sub-agents or both, searched
 * by username, filtered by registration date, sorted and paged; a row opens the member's detail. The
 * downline's amounts are in the wallet currency (its rows carry none).
 */
export function DownlineTab() {
  const { t } = useTranslation();
  const searchId = useId();
  const [scope, setScope] = useState<(typeof DOWNLINE_SCOPES)[number]>('direct');
  const [kind, setKind] = useState<(typeof DOWNLINE_KINDS)[number]>('all');
  const [search, setSearch] = useState('');
  const [registered, setRegistered] = useState({ from: '', to: '' });
  const [sort, setSort] = useState<DownlineSort>('registeredAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [open, setOpen] = useState<DownlineRow | null>(null);
  const username = useDebounced(search.trim());
  const datesWrong = Boolean(registered.from && registered.to && registered.from > registered.to);
  const query: Omit<DownlineQuery, 'pageNo'> = {
    scope,
    kind,
    sort,
    order,
    ...(username ? { username } : {}),
    ...(registered.from && !datesWrong ? { registeredFrom: registered.from } : {}),
    ...(registered.to && !datesWrong ? { registeredTo: registered.to } : {}),
  };
  const pages = useDownline(query);
  return (
    <section className="kl-centre__card" aria-labelledby="kl-downline-heading">
      <h2 id="kl-downline-heading" className="kl-centre__heading">
        {t('agentCentre.downline.title')}
      </h2>
      <Chips
        label={t('agentCentre.downline.scope')}
        options={DOWNLINE_SCOPES}
        labelOf={(value) => t(`agentCentre.downline.scopes.${value}`)}
        value={scope}
        onChange={setScope}
      />
      <Chips
        label={t('agentCentre.downline.kind')}
        options={DOWNLINE_KINDS}
        labelOf={(value) => t(`agentCentre.downline.kinds.${value}`)}
        value={kind}
        onChange={setKind}
      />
      <div className="kl-centre__filters">
        <label htmlFor={searchId}>{t('agentCentre.downline.search')}</label>
        <input
          id={searchId}
          type="search"
          className="kl-centre__input"
          value={search}
          maxLength={64}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
        <DateRange
          {...registered}
          onChange={setRegistered}
          fromLabel={t('agentCentre.downline.registeredFrom')}
          toLabel={t('agentCentre.downline.registeredTo')}
        />
        {datesWrong && (
          <p className="kl-centre__error" role="alert">
            {t('agentCentre.badDates')}
          </p>
        )}
        <div className="kl-centre__dates">
          <label>
            <span>{t('agentCentre.downline.sort')}</span>
            <select value={sort} onChange={(event) => setSort(event.target.value as DownlineSort)}>
              {DOWNLINE_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`agentCentre.downline.sorts.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('agentCentre.downline.order')}</span>
            <select value={order} onChange={(event) => setOrder(event.target.value as 'asc' | 'desc')}>
              <option value="desc">{t('agentCentre.downline.orders.desc')}</option>
              <option value="asc">{t('agentCentre.downline.orders.asc')}</option>
            </select>
          </label>
        </div>
      </div>
      <PagedList
        pages={pages}
        label={t('agentCentre.downline.title')}
        empty={t('agentCentre.downline.empty')}
      >
        {(row) => (
          <DownlineLine key={row.memberId} row={row} currency={WALLET_CURRENCY} onOpen={() => setOpen(row)} />
        )}
      </PagedList>
      <DownlineMemberSheet row={open} onClose={() => setOpen(null)} />
    </section>
  );
}
