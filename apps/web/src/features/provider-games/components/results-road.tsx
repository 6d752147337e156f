import type { SandboxTableGame, SandboxTableRound } from '@kl/contracts/sandbox-provider';
import { useTranslation } from 'react-i18next';
import { outcomeOf } from '../lib/outcomes.ts';
import { useBetName } from './names.ts';
import { useOutcomeText } from './outcome-text.ts';

/** The short mark of a result on the road, and its tone (which colours it). */
function useRoadMark(game: SandboxTableGame) {
  const { t } = useTranslation();
  const betName = useBetName();
  return (raw: unknown): { mark: string; tone: string } | null => {
    switch (game) {
      case 'baccarat': {
        const played = outcomeOf('baccarat', raw);
        return played
          ? { mark: t(`providerGames.road.baccarat.${played.winner}`), tone: played.winner }
          : null;
      }
      case 'xoc-dia': {
        const played = outcomeOf('xoc-dia', raw);
        return played
          ? {
              mark: t('providerGames.road.reds', { reds: played.reds }),
              tone: played.reds % 2 === 0 ? 'chan' : 'le',
            }
          : null;
      }
      case 'bau-cua': {
        const played = outcomeOf('bau-cua', raw);
        return played ? { mark: played.dice.map(betName).join(' '), tone: 'dice' } : null;
      }
      case 'cockfight': {
        const played = outcomeOf('cockfight', raw);
        return played
          ? { mark: t(`providerGames.road.cockfight.${played.result}`), tone: played.result }
          : null;
      }
    }
  };
}

/** The last results, newest first: a mark each, and the whole result in words. */
export function ResultsRoad({
  game,
  results,
}: {
  game: SandboxTableGame;
  results: readonly SandboxTableRound[];
}) {
  const { t } = useTranslation();
  const describe = useOutcomeText(game);
  const markOf = useRoadMark(game);
  return (
    <section className="kl-provider-card" aria-labelledby={`provider-road-${game}`}>
      <h2 id={`provider-road-${game}`} className="kl-provider-heading">
        {t('providerGames.table.road')}
      </h2>
      {results.length === 0 ? (
        <p className="kl-provider-note">{t('providerGames.table.noResults')}</p>
      ) : (
        <ol className="kl-provider-road" data-testid="provider-road">
          {results.map((round) => {
            const mark = markOf(round.outcome);
            const text = describe(round.outcome) ?? '';
            return (
              <li key={round.roundId} className="kl-provider-road__item" data-tone={mark?.tone} title={text}>
                <span className="kl-provider-road__mark" aria-hidden="true">
                  {mark?.mark ?? '?'}
                </span>
                <span className="kl-visually-hidden">
                  {t('providerGames.table.round', { seq: round.seq })}: {text}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
