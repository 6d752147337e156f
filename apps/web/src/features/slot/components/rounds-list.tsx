import type { SlotRound } from '@kl/contracts/slot';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteDateTime } from '../../../shared/lib/date-format.ts';
import { formatMoney } from '@kl/contracts/money';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useSlotHistory } from '../api/get-history.ts';
import { type Verdict, verifyRound } from '../lib/verify.ts';

/** The browser's verdict on each round (recomputed with Web Crypto), by round id. */
function useVerdicts(rounds: readonly SlotRound[], enabled: boolean) {
  const results = useQueries({
    queries: rounds.map((round) => ({
      queryKey: [
        'slot-verify',
        round.roundId,
        round.serverSeed,
        round.clientSeed,
        round.nonce,
        round.totalWin,
      ],
      queryFn: () => verifyRound(round),
      enabled,
      staleTime: Infinity,
      retry: false,
    })),
  });
  return new Map<string, Verdict | 'checking'>(
    rounds.map((round, index) => [round.roundId, results[index]?.data ?? 'checking']),
  );
}

function VerdictMark({ verdict }: { verdict: Verdict | 'checking' }) {
  const { t } = useTranslation();
  const mark = { verified: '✓', mismatch: '✗', unrevealed: '…', checking: '…' }[verdict];
  return (
    <span className="kl-slot-verdict" data-verdict={verdict} data-testid="slot-verdict">
      <span aria-hidden="true">{mark} </span>
      {t(`slot.verify.verdict.${verdict}`)}
    </span>
  );
}

/**
 * The member's rounds, newest first, a page at a time: time, game, money, bet, win, nonce and seeds; with
 * `verify`, each revealed round recomputed in the browser and marked ✓ or ✗.
 */
export function RoundsList({ verify = false, title }: { verify?: boolean; title: string }) {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const history = useSlotHistory(pageNo);
  const rounds = history.data?.list ?? [];
  const verdicts = useVerdicts(rounds, verify);
  const fmt = (amount: number) => formatMoney(amount, 'VND', i18n.language);

  let body;
  if (history.isPending) body = <p role="status">{t('slot.loading')}</p>;
  else if (history.isError)
    body = (
      <p role="alert">
        {t('slot.historyFailed')}{' '}
        <button type="button" className="kl-button kl-button--small" onClick={() => void history.refetch()}>
          {t('slot.retry')}
        </button>
      </p>
    );
  else if (rounds.length === 0) body = <EmptyState />;
  else
    body = (
      <ol className="kl-slot-rounds" data-testid="slot-rounds">
        {rounds.map((round) => (
          <li key={round.roundId} className="kl-slot-round" data-testid="slot-round">
            <div className="kl-slot-round-head">
              <span>{formatSiteDateTime(round.createdAt) ?? round.createdAt}</span>
              <span>{round.gameName}</span>
              <span className="kl-slot-money-tag" data-money={round.money}>
                {t(`slot.moneyTag.${round.money}`)}
              </span>
            </div>
            <dl className="kl-slot-round-facts">
              <div>
                <dt>{t('slot.history.bet')}</dt>
                <dd data-testid="round-bet">{fmt(round.totalBet)}</dd>
              </div>
              <div>
                <dt>{t('slot.history.win')}</dt>
                <dd data-testid="round-win">{fmt(round.totalWin)}</dd>
              </div>
              <div>
                <dt>{t('slot.history.nonce')}</dt>
                <dd>{round.nonce}</dd>
              </div>
              {round.spins.length > 1 && (
                <div>
                  <dt>{t('slot.history.freeSpins')}</dt>
                  <dd>{round.spins.length - 1}</dd>
                </div>
              )}
            </dl>
            {verify && (
              <dl className="kl-slot-round-seeds">
                <div>
                  <dt>{t('slot.verify.clientSeed')}</dt>
                  <dd className="kl-slot-mono">{round.clientSeed}</dd>
                </div>
                <div>
                  <dt>{t('slot.verify.serverSeedHash')}</dt>
                  <dd className="kl-slot-mono">{round.serverSeedHash}</dd>
                </div>
                <div>
                  <dt>{t('slot.verify.serverSeed')}</dt>
                  <dd className="kl-slot-mono">{round.serverSeed ?? t('slot.verify.notRevealed')}</dd>
                </div>
              </dl>
            )}
            {verify && <VerdictMark verdict={verdicts.get(round.roundId) ?? 'checking'} />}
          </li>
        ))}
      </ol>
    );

  const totalPages = history.data?.totalPages ?? 0;
  return (
    <section className="kl-slot-card" aria-label={title}>
      <h2 className="kl-slot-heading">{title}</h2>
      {body}
      {totalPages > 1 && (
        <nav className="kl-slot-pager" aria-label={t('slot.history.pages')}>
          <button
            type="button"
            className="kl-button kl-button--small kl-button--outline"
            disabled={pageNo <= 1}
            onClick={() => setPageNo((page) => page - 1)}
          >
            {t('slot.history.previous')}
          </button>
          <span>{t('slot.history.page', { page: pageNo, total: totalPages })}</span>
          <button
            type="button"
            className="kl-button kl-button--small kl-button--outline"
            disabled={pageNo >= totalPages}
            onClick={() => setPageNo((page) => page + 1)}
          >
            {t('slot.history.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
