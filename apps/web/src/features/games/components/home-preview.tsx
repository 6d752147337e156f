import { HOME_LIST_REQUEST_SPACING_MS, HOME_PREVIEW } from '@kl/contracts/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGamePages } from '../hooks/use-game-pages.ts';
import { GameGrid } from './game-grid.tsx';

const PREVIEWS = Object.entries(HOME_PREVIEW) as [keyof typeof HOME_PREVIEW, number][];

/** One previewed category: its first games, asked `delayMs` after the tab opened. */
function PreviewSection({
  gameType,
  size,
  delayMs,
  onSeeAll,
}: {
  gameType: keyof typeof HOME_PREVIEW;
  size: number;
  delayMs: number;
  onSeeAll: () => void;
}) {
  const { t } = useTranslation();
  const [due, setDue] = useState(delayMs === 0);
  useEffect(() => {
    if (due) return;
    const timer = setTimeout(() => setDue(true), delayMs);
    return () => clearTimeout(timer);
  }, [due, delayMs]);
  const pages = useGamePages({ kind: 'search', query: { gameType }, pageSize: size }, { enabled: due });
  const title = t(`category.${gameType}`);
  const preview = { ...pages, hasNextPage: false };
  return (
    <section className="kl-games__section" aria-label={title}>
      <div className="kl-games__section-head">
        <h2>{title}</h2>
        {gameType === 'LIVE' ? (
          <button type="button" className="kl-link-button" onClick={onSeeAll}>
            {t('games.seeAll')}
          </button>
        ) : (
          <Link to={`/m/gameList?gameType=${gameType}`}>{t('games.seeAll')}</Link>
        )}
      </div>
      {due ? (
        <GameGrid pages={preview} label={title} />
      ) : (
        <p className="kl-games__status">{t('in_please_wait')}</p>
      )}
    </section>
  );
}

/** The HOME tab (product.md §2): previews of several categories (3 RNG, 2 FISH, 1 LIVE), asked 400 ms apart. */
export function HomePreview({ onSelectLive }: { onSelectLive: () => void }) {
  return (
    <div className="kl-games__previews">
      {PREVIEWS.map(([gameType, size], index) => (
        <PreviewSection
          key={gameType}
          gameType={gameType}
          size={size}
          delayMs={index * HOME_LIST_REQUEST_SPACING_MS}
          onSeeAll={onSelectLive}
        />
      ))}
    </div>
  );
}
