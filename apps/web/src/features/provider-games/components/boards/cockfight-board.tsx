import { useTranslation } from 'react-i18next';
import type { CockfightOutcome } from '../../lib/outcomes.ts';
import { useBetName } from '../names.ts';

/** Cockfight: meron against wala at the round's odds (decimal, with the stake), the draw at 8:1, then the winner. */
export function CockfightBoard({
  params,
  outcome,
}: {
  params: Record<string, number> | null;
  outcome: CockfightOutcome | null;
}) {
  const { t, i18n } = useTranslation();
  const betName = useBetName();
  const decimal = (bp: number | undefined) =>
    bp === undefined
      ? '–'
      : new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
          bp / 10_000,
        );
  const side = (kind: 'meron' | 'wala') => (
    <div
      className="kl-provider-cock"
      data-side={kind}
      data-winner={outcome?.result === kind ? 'true' : undefined}
    >
      <span className="kl-provider-cock__name">{betName(kind)}</span>
      <span className="kl-provider-cock__odds" data-testid={`cockfight-${kind}-odds`}>
        {t('providerGames.cockfight.odds', { odds: decimal(params?.[`${kind}Bp`]) })}
      </span>
    </div>
  );
  return (
    <div className="kl-provider-board kl-provider-cockfight" data-testid="provider-board">
      <div className="kl-provider-fight">
        {side('meron')}
        <span className="kl-provider-fight__vs">{t('providerGames.cockfight.vs')}</span>
        {side('wala')}
      </div>
      <p className="kl-provider-board__status" role="status">
        {!outcome
          ? t('providerGames.cockfight.waiting')
          : outcome.result === 'draw'
            ? t('providerGames.cockfight.drawResult')
            : t('providerGames.cockfight.wins', { side: betName(outcome.result) })}
      </p>
    </div>
  );
}
