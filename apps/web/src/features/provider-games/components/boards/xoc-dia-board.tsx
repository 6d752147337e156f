import { useTranslation } from 'react-i18next';
import type { XocDiaOutcome } from '../../lib/outcomes.ts';
import { useBetName } from '../names.ts';

/** Xóc đĩa: the bowl covers four discs until the close, then they show red or white. */
export function XocDiaBoard({ outcome }: { outcome: XocDiaOutcome | null }) {
  const { t } = useTranslation();
  const betName = useBetName();
  return (
    <div className="kl-provider-board kl-provider-xoc-dia" data-testid="provider-board">
      <ul
        className="kl-provider-discs"
        aria-label={t('providerGames.xocDia.discs')}
        data-covered={outcome ? undefined : 'true'}
      >
        {[0, 1, 2, 3].map((index) => {
          const coin = outcome?.coins[index];
          return (
            <li key={index}>
              <svg
                className="kl-provider-disc"
                data-coin={coin ?? 'hidden'}
                viewBox="0 0 40 40"
                width="40"
                height="40"
                role="img"
                aria-label={coin ? t(`providerGames.xocDia.${coin}`) : t('providerGames.xocDia.hidden')}
              >
                <circle cx="20" cy="20" r="17" />
                <circle cx="20" cy="20" r="9" className="kl-provider-disc__inner" />
              </svg>
            </li>
          );
        })}
      </ul>
      <p className="kl-provider-board__status" role="status">
        {outcome
          ? `${t('providerGames.xocDia.summary', { reds: outcome.reds, whites: 4 - outcome.reds })} · ${betName(outcome.reds % 2 === 0 ? 'chan' : 'le')}`
          : t('providerGames.xocDia.covered')}
      </p>
    </div>
  );
}
