import { Popup } from 'antd-mobile';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../shared/ui/empty-state.tsx';
import { LoadFailed } from '../../../../shared/ui/load-failed.tsx';
import { CloseButton, ModalPanel } from '../../../../shared/ui/modal-panel.tsx';
import '../../../../shared/lib/antd-setup.ts';

/** Waiting for the server. */
export function Waiting() {
  const { t } = useTranslation();
  return (
    <p className="kl-centre__status" role="status">
      {t('in_please_wait')}
    </p>
  );
}

/** What a query shows before its data: waiting, or why it failed with a retry. */
export function QueryGate<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <LoadFailed className="kl-centre__status" error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return <Waiting />;
}

/** What a paged list reads of its infinite query. */
export interface Pages<Item> {
  data?: { pages: readonly { list: readonly Item[]; total: number }[] };
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/** A paged list: waiting, failed, empty, or the items loaded so far and a button for the next page. */
export function PagedList<Item>({
  pages,
  label,
  empty,
  children,
}: {
  pages: Pages<Item>;
  label: string;
  empty?: string;
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  const first = pages.data?.pages[0];
  const items = pages.data?.pages.flatMap((page) => page.list) ?? [];
  if (!first) {
    if (pages.isError) {
      return (
        <LoadFailed className="kl-centre__status" error={pages.error} onRetry={() => void pages.refetch()} />
      );
    }
    return <Waiting />;
  }
  if (items.length === 0) return <EmptyState title={empty} />;
  return (
    <>
      <p className="kl-centre__count">
        {t('agentCentre.shown', { shown: items.length, total: first.total })}
      </p>
      <ul className="kl-centre__list" aria-label={label}>
        {items.map(children)}
      </ul>
      {pages.hasNextPage && (
        <button
          type="button"
          className="kl-button kl-button--outline kl-button--small kl-centre__more"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? t('in_please_wait') : t('agentCentre.loadMore')}
        </button>
      )}
    </>
  );
}

/** A bottom sheet named by its title, closed by ×, Escape or the mask. */
export function Sheet({
  open,
  title,
  testId,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyClassName="kl-sheet">
      <ModalPanel labelledBy={id} className="kl-centre-sheet" testId={testId} trapFocus onClose={onClose}>
        <div className="kl-centre-sheet__head">
          <h2 id={id}>{title}</h2>
          <CloseButton onClick={onClose} />
        </div>
        <div className="kl-centre-sheet__body">{children}</div>
      </ModalPanel>
    </Popup>
  );
}

/** Terms and their values. */
export function Details({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="kl-centre__details">
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Choices shown as chips (a radio group): one is chosen; `labelOf` names each. */
export function Chips<T extends string>(props: {
  label: string;
  options: readonly T[];
  labelOf: (value: T) => string;
  value: T;
  onChange: (value: T) => void;
}) {
  const chip = (option: T) => {
    const on = option === props.value;
    return (
      <button
        key={option}
        type="button"
        role="radio"
        aria-checked={on}
        className={`kl-centre__chip${on ? ' kl-centre__chip--on' : ''}`}
        onClick={() => props.onChange(option)}
      >
        {props.labelOf(option)}
      </button>
    );
  };
  return (
    <div className="kl-centre__chips" role="radiogroup" aria-label={props.label}>
      {props.options.map(chip)}
    </div>
  );
}

/** Two GMT+8 date inputs, from and to. */
export function DateRange({
  from,
  to,
  onChange,
  fromLabel,
  toLabel,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  fromLabel?: string;
  toLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="kl-centre__dates">
      <label>
        <span>{fromLabel ?? t('agentCentre.from')}</span>
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value, to })}
        />
      </label>
      <label>
        <span>{toLabel ?? t('agentCentre.to')}</span>
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ from, to: event.target.value })}
        />
      </label>
    </div>
  );
}
