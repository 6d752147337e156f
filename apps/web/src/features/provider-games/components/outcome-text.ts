import type { SandboxTableGame } from '@kl/contracts/sandbox-provider';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { outcomeOf } from '../lib/outcomes.ts';
import { useBetName } from './names.ts';

/** A round's outcome in words ("Nhà cái thắng 7 – 5", "3 đỏ 1 trắng · Lẻ", "Bầu, Cua, Cua", "Meron thắng"). */
export function useOutcomeText(game: SandboxTableGame): (outcome: unknown) => string | null {
  const { t } = useTranslation();
  const betName = useBetName();
  return useCallback(
    (raw: unknown) => {
      switch (game) {
        case 'baccarat': {
          const outcome = outcomeOf('baccarat', raw);
          if (!outcome) return null;
          const pairs = [
            outcome.playerPair ? t('providerGames.bets.player-pair') : null,
            outcome.bankerPair ? t('providerGames.bets.banker-pair') : null,
          ].filter((pair) => pair !== null);
          return [
            t(`providerGames.baccarat.wins.${outcome.winner}`),
            t('providerGames.baccarat.score', { player: outcome.playerTotal, banker: outcome.bankerTotal }),
            ...pairs,
          ].join(' · ');
        }
        case 'xoc-dia': {
          const outcome = outcomeOf('xoc-dia', raw);
          if (!outcome) return null;
          return `${t('providerGames.xocDia.summary', { reds: outcome.reds, whites: 4 - outcome.reds })} · ${betName(outcome.reds % 2 === 0 ? 'chan' : 'le')}`;
        }
        case 'bau-cua': {
          const outcome = outcomeOf('bau-cua', raw);
          return outcome ? outcome.dice.map(betName).join(', ') : null;
        }
        case 'cockfight': {
          const outcome = outcomeOf('cockfight', raw);
          if (!outcome) return null;
          return outcome.result === 'draw'
            ? t('providerGames.cockfight.drawResult')
            : t('providerGames.cockfight.wins', { side: betName(outcome.result) });
        }
      }
    },
    [game, t, betName],
  );
}
