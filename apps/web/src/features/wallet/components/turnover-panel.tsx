import type { GameType } from '@kl/contracts/games';
import type { TurnoverSummary, WageringRequirement } from '@kl/contracts/wagering';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { formatMoney } from '@kl/contracts/money';
import { confirmDialog } from '../../../shared/ui/dialog.ts';
import { useForfeitBonus } from '../api/forfeit-bonus.ts';
import { useTurnover } from '../api/get-turnover.ts';
import { requirementName, TurnoverProgress } from './turnover-progress.tsx';
import '../wallet.css';

function ForfeitButton({ requirement, currency }: { requirement: WageringRequirement; currency: string }) {
  const { t, i18n } = useTranslation();
  const forfeit = useForfeitBonus(currency);
  // A provider's credit is named with its kind ("Free rounds: <game>"), so that two read apart.
  const title =
    requirement.source === 'bonus' ? (requirement.promotionTitle ?? '') : requirementName(requirement, t);
  const ask = async () => {
    const sure = await confirmDialog({
      title: t('wallet.turnover.forfeitTitle'),
      content: t('wallet.turnover.forfeitConfirm', {
        amount: formatMoney(requirement.lockedBonus, currency, i18n.language),
      }),
      confirmText: t('wallet.turnover.forfeitOk'),
      cancelText: t('wallet.turnover.cancel'),
    });
    if (sure) forfeit.mutate(requirement.id);
  };
  return (
    <button
      type="button"
      className="kl-button kl-button--outline kl-button--small"
      aria-label={t('wallet.turnover.forfeitLabel', { title }).trim()}
      disabled={forfeit.isPending}
      aria-busy={forfeit.isPending}
      onClick={() => void ask()}
    >
      {t('wallet.turnover.forfeit')}
    </button>
  );
}

function Summary({ summary }: { summary: TurnoverSummary }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, summary.currency, i18n.language);
  const running = summary.requirements.filter((requirement) => requirement.status === 'active');
  const shares = Object.entries(summary.contributions.categories)
    .map(([category, percent]) => `${t(`category.${category as GameType}`)} ${percent}%`)
    .join(', ');
  return (
    <>
      <dl className="kl-turnover-amounts">
        <div>
          <dt>{t('wallet.turnover.withdrawable')}</dt>
          <dd data-testid="turnover-withdrawable">{money(summary.withdrawable)}</dd>
        </div>
        <div>
          <dt>{t('wallet.turnover.locked')}</dt>
          <dd data-testid="turnover-locked">{money(summary.locked)}</dd>
        </div>
      </dl>
      {running.length === 0 ? (
        <p className="kl-turnover__none">{t('wallet.turnover.none')}</p>
      ) : (
        <ul className="kl-turnover-list" aria-label={t('wallet.turnover.listLabel')}>
          {running.map((requirement) => (
            <li key={requirement.id} className="kl-turnover-item" data-testid="turnover-requirement">
              <div className="kl-turnover-item__head">
                <span className="kl-turnover-item__name">{requirementName(requirement, t)}</span>
                {requirement.source !== 'deposit' && (
                  <ForfeitButton requirement={requirement} currency={summary.currency} />
                )}
              </div>
              <TurnoverProgress requirement={requirement} currency={summary.currency} />
            </li>
          ))}
        </ul>
      )}
      {running.length > 0 && shares && (
        <p className="kl-turnover__shares">{t('wallet.turnover.shares', { shares })}</p>
      )}
    </>
  );
}

/**
 * The member's turnover: what can be withdrawn now, what is locked, and each running requirement with its
 * progress (a bonus can be forfeited). On the withdrawal screen and the member centre.
 */
export default function TurnoverPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const turnover = useTurnover();
  return (
    <section className="kl-turnover-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="kl-turnover-panel__title">
        {t('wallet.turnover.title')}
      </h2>
      {turnover.isPending ? (
        <p role="status">{t('wallet.turnover.loading')}</p>
      ) : turnover.isError ? (
        <div role="alert">
          <p>{messageFor(turnover.error)}</p>
          <button
            type="button"
            className="kl-button kl-button--outline kl-button--small"
            onClick={() => void turnover.refetch()}
          >
            {t('wallet.turnover.retry')}
          </button>
        </div>
      ) : (
        <Summary summary={turnover.data} />
      )}
    </section>
  );
}
