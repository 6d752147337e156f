import { CAROUSEL_NAVIGATION_ABOVE } from '@kl/contracts/constants';
import type { Game } from '@kl/contracts/games';
import { memo, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameCardActions } from '../hooks/use-game-card-actions.ts';
import { GameCard } from './game-card.tsx';
import { ChevronIcon } from './icons.tsx';

/** The number of columns of a carousel: one row, or two rows split at ceil(half) (product.md §9). */
export const carouselColumns = (count: number, twoRows: boolean) => (twoRows ? Math.ceil(count / 2) : count);

/**
 * A home section's games side by side (product.md §2 home vendor carousel): one row, or two rows where
 * the first holds the first ceil(n/2) games; previous/next buttons when there are more than 3
 * games. The games stay one list in their order, so assistive technology reads them as such.
 */
export const GameCarousel = memo(function GameCarousel({
  games,
  label,
  twoRows = false,
  hot = false,
}: {
  games: readonly Game[];
  label: string;
  twoRows?: boolean;
  hot?: boolean;
}) {
  const { t } = useTranslation();
  const cardActions = useGameCardActions();
  const track = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const navigable = games.length > CAROUSEL_NAVIGATION_ABOVE;

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const atStart = element.scrollLeft <= 1;
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((current) =>
      current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd },
    );
  }, []);
  useEffect(() => {
    // A ResizeObserver reports the track once when it starts watching, after the browser's own layout:
    // measuring here as well would force a layout per carousel while the page is being taken over.
    if (typeof ResizeObserver === 'undefined' || !track.current) return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track.current);
    return () => observer.disconnect();
  }, [measure, games.length]);

  const turn = (direction: -1 | 1) => {
    const element = track.current;
    if (!element) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollBy({ left: direction * element.clientWidth, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  const style = { '--kl-carousel-columns': carouselColumns(games.length, twoRows) } as CSSProperties;
  return (
    <div className="kl-carousel" data-rows={twoRows ? 2 : 1}>
      <ul ref={track} className="kl-carousel__track" style={style} aria-label={label} onScroll={measure}>
        {games.map((game) => (
          <GameCard key={`${game.nodeId}-${game.gameId}`} game={game} hot={hot} {...cardActions(game)} />
        ))}
      </ul>
      {navigable && (
        <div className="kl-carousel__nav">
          <button
            type="button"
            className="kl-icon-button"
            aria-label={t('games.previous', { name: label })}
            disabled={edges.atStart}
            onClick={() => turn(-1)}
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            className="kl-icon-button"
            aria-label={t('games.next', { name: label })}
            disabled={edges.atEnd}
            onClick={() => turn(1)}
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      )}
    </div>
  );
});
