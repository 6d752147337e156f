import { CAROUSEL_NAVIGATION_ABOVE } from '@kl/contracts/constants';
import type { Game } from '@kl/contracts/games';
import { memo, useCallback, useEffect, useRef, useState, type CSSProperties, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameCardActions } from '../hooks/use-game-card-actions.ts';
import { GameCard } from './game-card.tsx';
import { ChevronIcon } from './icons.tsx';

/** The number of columns of a carousel: one row, or two rows split at ceil(half) (product.md §9). */
export const carouselColumns = (count: number, twoRows: boolean) => (twoRows ? Math.ceil(count / 2) : count);

/**
 * Columns drawn before the track has been scrolled: a phone's track shows about three and a half
 * (each column is 28 % of it), and one more is ready.
 */
export const FIRST_COLUMNS = 5;

/** The cards of the first `drawn` columns, each with its cell and its place in the list. */
export function drawnCards(games: readonly Game[], twoRows: boolean, drawn: number) {
  const columns = carouselColumns(games.length, twoRows);
  return games.flatMap((game, index) => {
    const row = index < columns ? 1 : 2;
    const column = row === 1 ? index + 1 : index + 1 - columns;
    return column <= drawn ? [{ game, place: { row, column, position: index + 1, of: games.length } }] : [];
  });
}

/** How many columns a track needs drawn: what it shows and one more; a page more once it moves. */
export function columnsNeeded(
  track: { scrollLeft: number; clientWidth: number; scrollWidth: number },
  columns: number,
) {
  if (track.clientWidth === 0 || track.scrollWidth === 0) return 0;
  const columnWidth = track.scrollWidth / columns;
  const end = track.scrollLeft + track.clientWidth * (track.scrollLeft > 0 ? 2 : 1);
  return Math.min(columns, Math.ceil(end / columnWidth) + 1);
}

/**
 * A home section's games side by side (product.md §2 home vendor carousel): one row, or two rows where
 * the first holds the first ceil(n/2) games; previous/next buttons when there are more than 3
 * games. The games stay one list in their order, so assistive technology reads them as such.
 *
 * Only the columns on the screen and the next are drawn (docs/performance.md); the track keeps the
 * width of all of them, and draws more as it is scrolled, or as the keyboard reaches its last drawn
 * card. Each card says its place in the whole list.
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
  const [drawn, setDrawn] = useState(FIRST_COLUMNS);
  const navigable = games.length > CAROUSEL_NAVIGATION_ABOVE;
  const columns = carouselColumns(games.length, twoRows);
  const drawMore = useCallback(
    (needed: number) => setDrawn((current) => (needed > current ? needed : current)),
    [],
  );

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    drawMore(columnsNeeded(element, columns));
    const atStart = element.scrollLeft <= 1;
    const atEnd = element.scrollLeft + element.clientWidth >= element.scrollWidth - 1;
    setEdges((current) =>
      current.atStart === atStart && current.atEnd === atEnd ? current : { atStart, atEnd },
    );
  }, [columns, drawMore]);
  useEffect(() => {
    // A ResizeObserver reports the track once when it starts watching, after the browser's own layout:
    // measuring here as well would force a layout per carousel while the page is being taken over.
    if (typeof ResizeObserver === 'undefined' || !track.current) return measure();
    const observer = new ResizeObserver(measure);
    observer.observe(track.current);
    return () => observer.disconnect();
  }, [measure, games.length]);

  // A card reached by the keyboard has its next column drawn, so that Tab goes on along the list.
  const drawAfterFocused = (event: FocusEvent<HTMLUListElement>) => {
    const position = Number((event.target as Element).closest('li')?.getAttribute('aria-posinset'));
    if (!Number.isInteger(position) || position < 1) return;
    const column = position > columns ? position - columns : position;
    drawMore(Math.min(columns, column + 1));
  };

  const turn = (direction: -1 | 1) => {
    const element = track.current;
    if (!element) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    element.scrollBy({ left: direction * element.clientWidth, behavior: reduceMotion ? 'auto' : 'smooth' });
  };

  const style = { '--kl-carousel-columns': columns } as CSSProperties;
  return (
    <div className="kl-carousel" data-rows={twoRows ? 2 : 1}>
      <ul
        ref={track}
        className="kl-carousel__track"
        style={style}
        aria-label={label}
        onScroll={measure}
        onFocus={drawAfterFocused}
      >
        {drawnCards(games, twoRows, drawn).map(({ game, place }) => (
          <GameCard
            key={`${game.nodeId}-${game.gameId}`}
            game={game}
            hot={hot}
            place={place}
            {...cardActions(game)}
          />
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
