import { WINNER_BOARD } from '@kl/contracts/constants';
import type { GameType } from '@kl/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@kl/contracts/money';
import { WhenNear } from '../../../shared/ui/when-near.tsx';
import { useReducedMotion } from '../../../shared/hooks/use-reduced-motion.ts';
import { winnersQueryOptions, type getWinners } from '../api/get-winners.ts';

/** The lists of the winner board (product.md §2). */
export const WINNER_BOARD_TYPES = ['RNG', 'FISH'] as const satisfies readonly GameType[];

/** The first row shown at each step: a list longer than 5 moves up one row every 3 s, then starts over. */
export const nextWinnerOffset = (offset: number, count: number) =>
  offset + 1 > count - WINNER_BOARD.slidesPerView ? 0 : offset + 1;

type Winners = Awaited<ReturnType<typeof getWinners>>;

/** The rows' height and how many are in view, for the board's CSS (games.css), from the one constant. */
const ROWS_STYLE = {
  '--kl-winner-row': `${WINNER_BOARD.rowPx}px`,
  '--kl-winner-rows': WINNER_BOARD.slidesPerView,
} as CSSProperties;

const WinnerRows = memo(function WinnerRows({ winners, language }: { winners: Winners; language: string }) {
  return winners.map((winner, index) => (
    <li key={`${winner.wonAt}-${index}`} className="kl-winners__row">
      <img src={winner.iconUrl} alt="" width={32} height={32} loading="lazy" decoding="async" />
      <span className="kl-winners__who">
        <span className="kl-winners__name">{winner.customerName}</span>
        <span className="kl-winners__game">{winner.gameName}</span>
      </span>
      <span className="kl-winners__amount">{formatMoney(winner.winAmount, winner.currency, language)}</span>
    </li>
  ));
});

function WinnerList({ gameType }: { gameType: (typeof WINNER_BOARD_TYPES)[number] }) {
  const { t, i18n } = useTranslation();
  const { data: winners = [], isPending, isError } = useQuery(winnersQueryOptions(gameType));
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const reducedMotion = useReducedMotion();
  const moving = winners.length > WINNER_BOARD.scrollAbove && !paused && !reducedMotion;

  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(
      () => setOffset((current) => nextWinnerOffset(current, winners.length)),
      WINNER_BOARD.intervalMs,
    );
    return () => clearInterval(timer);
  }, [moving, winners.length]);

  // The rows come from a deferred copy of the answer (drawing a hundred rows yields to the browser),
  // and stay the same element while the list moves: a step changes the list's offset only.
  const shown = useDeferredValue(winners);
  if (isPending || (shown.length === 0 && winners.length > 0)) {
    return <p className="kl-games__status">{t('in_please_wait')}</p>;
  }
  if (isError || winners.length === 0) return <p className="kl-games__status">{t('in_no_data')}</p>;
  const style = { '--kl-winner-offset': reducedMotion ? 0 : offset } as CSSProperties;
  return (
    <div
      className="kl-winners__window"
      data-scrolls={winners.length > WINNER_BOARD.scrollAbove}
      data-reduced-motion={reducedMotion}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ul
        className="kl-winners__list"
        style={style}
        aria-label={t('games.winners.listOf', { category: t(`category.${gameType}`) })}
        data-offset={offset}
      >
        <WinnerRows winners={shown} language={i18n.language} />
      </ul>
    </div>
  );
}

/**
 * The winner board (product.md §2, §9): recent wins of slots and fishing, five rows in view; a list of
 * more than five moves up a row every 3 s, stopping while it is pointed at or focused, and not at
 * all when the device asks for reduced motion (the list then scrolls by hand).
 */
export function WinnerBoard() {
  const { t } = useTranslation();
  const [gameType, setGameType] = useState<(typeof WINNER_BOARD_TYPES)[number]>('RNG');
  return (
    <section className="kl-winners" aria-labelledby="kl-winners-title" style={ROWS_STYLE}>
      <div className="kl-games__section-head">
        <h2 id="kl-winners-title">{t('games.winners.title')}</h2>
        <div className="kl-winners__types" role="group" aria-label={t('games.winners.choose')}>
          {WINNER_BOARD_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              className="kl-chip"
              aria-pressed={gameType === type}
              onClick={() => setGameType(type)}
            >
              {t(`category.${type}`)}
            </button>
          ))}
        </div>
      </div>
      {/* The board is at the end of home: its wins are asked for and drawn when it comes near the
          screen (docs/performance.md), in the space its five rows take. */}
      <WhenNear minHeight={WINNER_BOARD.slidesPerView * WINNER_BOARD.rowPx}>
        <WinnerList key={gameType} gameType={gameType} />
      </WhenNear>
    </section>
  );
}
