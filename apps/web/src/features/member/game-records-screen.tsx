import type { GameRecord, GameRecordTotals } from '@kl/contracts/game-records';
import { GAME_TYPES, type GameType } from '@kl/contracts/games';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { useGameRecordPages } from './api/get-game-records.ts';
import { DateRangeFilter } from './components/date-range-filter.tsx';
import { ReportLine, ReportList, signOf } from './components/report-list.tsx';
import { initialRange, rangeOf, type DateRangeChoice } from './lib/date-range.ts';
import { signedMoney } from './lib/money-text.ts';
import './member.css';

function Totals({ totals, currency }: { totals: GameRecordTotals; currency: string }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="kl-member-totals" data-testid="game-record-totals" aria-label={t('member.records.totals')}>
      <div>
        <dt>{t('member.records.rounds')}</dt>
        <dd>{totals.rounds}</dd>
      </div>
      <div>
        <dt>{t('member.records.stake')}</dt>
        <dd>{formatMoney(totals.stake, currency, i18n.language)}</dd>
      </div>
      <div>
        <dt>{t('member.records.payout')}</dt>
        <dd>{formatMoney(totals.payout, currency, i18n.language)}</dd>
      </div>
      <div>
        <dt>{t('member.records.net')}</dt>
        <dd data-sign={signOf(totals.net)}>{signedMoney(totals.net, currency, i18n.language)}</dd>
      </div>
    </dl>
  );
}

function RecordLine({ record }: { record: GameRecord }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, record.currency, i18n.language);
  return (
    <ReportLine
      testId="game-record-line"
      title={record.gameName}
      amount={record.net}
      currency={record.currency}
      createdAt={record.createdAt}
      reference={{ label: t('member.records.round'), value: record.roundId }}
    >
      <div>
        <dt>{t('member.records.type')}</dt>
        <dd>
          {t(`category.${record.gameType}`)} · {record.vendorCode}
        </dd>
      </div>
      <div>
        <dt>{t('member.records.stake')}</dt>
        <dd>{money(record.stake)}</dd>
      </div>
      <div>
        <dt>{t('member.records.payout')}</dt>
        <dd>{money(record.payout)}</dd>
      </div>
      <div>
        <dt>{t('member.records.status')}</dt>
        <dd>{t(`member.records.statuses.${record.status}`)}</dd>
      </div>
    </ReportLine>
  );
}

/**
 * /m/member/gameRecords (product.md §7 game records): the rounds the member played, newest first, by days
 * (UTC+7) and game type, with the totals of the filter, page after page.
 */
export default function GameRecordsScreen() {
  const { t } = useTranslation();
  const [gameType, setGameType] = useState<GameType | ''>('');
  const [range, setRange] = useState<DateRangeChoice>(() => initialRange());
  const result = useMemo(() => rangeOf(range), [range]);
  const filter = useMemo(
    () => ({
      ...(gameType ? { gameType } : {}),
      ...(result.ok ? { from: result.from, to: result.to } : {}),
    }),
    [gameType, result],
  );
  const pages = useGameRecordPages(filter, result.ok);

  return (
    <section
      className="kl-screen kl-member-report"
      data-page="member"
      aria-label={t('route.memberGameRecords')}
    >
      <form
        className="kl-member-filter"
        aria-label={t('member.filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="kl-member-field">
          <span className="kl-member-field__label">{t('member.filters.gameType')}</span>
          <select
            className="kl-member-field__control"
            value={gameType}
            onChange={(event) => setGameType(event.target.value as GameType | '')}
          >
            <option value="">{t('member.filters.allGames')}</option>
            {GAME_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`category.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilter choice={range} result={result} onChange={setRange} />
      </form>
      <ReportList
        pages={pages}
        enabled={result.ok}
        label={t('route.memberGameRecords')}
        above={(first) => <Totals totals={first.totals} currency={first.currency} />}
        renderLine={(record) => <RecordLine key={record.id} record={record} />}
      />
    </section>
  );
}
