import { LOTTERY_PRIZES, type LotteryDrawResult } from '@kl/contracts/lottery';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { getLotteryNumero } from '../api/get-numero.ts';
import { getLotteryResults } from '../api/get-results.ts';
import { lotteryNumeroKey, lotteryResultsKey } from '../api/keys.ts';
import { useSeedMatches } from '../lib/verify.ts';
import { TrendChart } from './trend-chart.tsx';

const RECENT = 10;

/** The latest numbers by prize, the head/tail table, a trend chart and the recent draws with their seeds. */
export function ResultsPanel({ code }: { code: string }) {
  const { t } = useTranslation();
  const numero = useQuery({
    queryKey: lotteryNumeroKey(code),
    queryFn: ({ signal }) => getLotteryNumero(code, { signal }),
    retry: false,
    refetchInterval: 10_000,
  });
  const results = useQuery({
    queryKey: lotteryResultsKey(code),
    queryFn: ({ signal }) => getLotteryResults(code, RECENT, { signal }),
    retry: false,
    refetchInterval: 10_000,
  });

  if (numero.isPending || results.isPending) return <p role="status">{t('lottery.loading')}</p>;
  const failed = numero.error ?? results.error;
  if (failed)
    return (
      <div className="kl-lottery-card" role="alert">
        <p>{messageFor(failed)}</p>
        <button
          type="button"
          className="kl-button kl-button--primary"
          onClick={() => {
            void numero.refetch();
            void results.refetch();
          }}
        >
          {t('lottery.retry')}
        </button>
      </div>
    );
  const latest = numero.data?.draw ?? null;
  if (!latest || !numero.data) return <p className="kl-lottery-card">{t('lottery.noResults')}</p>;
  const draws = results.data?.list ?? [];
  return (
    <section aria-label={t('lottery.tab.results')} className="kl-lottery-results">
      <h3>{t('lottery.latestTitle', { issue: latest.issue })}</h3>
      <table className="kl-lottery-table" data-testid="lottery-latest" data-issue={latest.issue}>
        <caption>{t('lottery.prizesCaption', { station: latest.station })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lottery.prize')}</th>
            <th scope="col">{t('lottery.numbers')}</th>
          </tr>
        </thead>
        <tbody>
          {LOTTERY_PRIZES.filter((prize) => latest.result[prize]).map((prize) => (
            <tr key={prize}>
              <th scope="row">{t(`lottery.prizeName.${prize}`)}</th>
              <td data-testid={`lottery-prize-${prize}`}>{latest.result[prize]?.join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="kl-lottery-table kl-lottery-heads">
        <caption>{t('lottery.headsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('lottery.head')}</th>
            <th scope="col">{t('lottery.tails')}</th>
          </tr>
        </thead>
        <tbody>
          {numero.data.heads.map((tails, head) => (
            <tr key={head}>
              <th scope="row">{head}</th>
              <td>{tails.join(', ') || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TrendChart draws={draws} />
      <h3>{t('lottery.recentTitle')}</h3>
      <ul className="kl-lottery-draws">
        {draws.map((draw) => (
          <DrawItem key={draw.id} draw={draw} />
        ))}
      </ul>
    </section>
  );
}

function DrawItem({ draw }: { draw: LotteryDrawResult }) {
  const { t } = useTranslation();
  const matches = useSeedMatches(draw.seed, draw.seedHash);
  return (
    <li data-testid="lottery-draw" data-issue={draw.issue}>
      <p>
        <strong>{draw.issue}</strong> · {formatSiteDateTime(draw.drawAt)} ·{' '}
        {t('lottery.specialIs', { number: draw.result.DB?.[0] ?? '—' })}
      </p>
      <p className="kl-lottery-seed">
        {t('lottery.seed')}: <code>{draw.seed}</code>
      </p>
      <p className="kl-lottery-seed">
        {t('lottery.seedHash')}: <code>{draw.seedHash}</code>
      </p>
      {matches !== null && (
        <p className="kl-lottery-note" data-testid="lottery-seed-check">
          {matches ? t('lottery.seedOk') : t('lottery.seedBad')}
        </p>
      )}
    </li>
  );
}
