import { VENDOR_ART_PREFIX, type Game } from '@kl/contracts/games';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from './icons.tsx';

export interface GameCardProps {
  game: Game;
  vendorName: string;
  /** The vendor's icon as its answer gives it (with its version); without it, the icon's plain address. */
  vendorIcon?: string | undefined;
  favourite: boolean;
  /** The hot variant shows the vendor's logo and the game type (product.md §2 game card). */
  hot?: boolean;
  launching: boolean;
  favouritePending: boolean;
  onLaunch: (game: Game) => void;
  onToggleFavourite: (game: Game, favourite: boolean) => void;
  /**
   * Where a card of a carousel that draws only some of its cards stands: its cell of the grid, and
   * its place in the whole list for assistive technology.
   */
  place?: CardPlace;
}

export interface CardPlace {
  row: number;
  column: number;
  /** 1-based, in the whole list. */
  position: number;
  of: number;
}

/** Stands for the game's name in the translated "Play {{name}}". */
const NAME_MARK = '\u0001';

const placeStyle = (place: CardPlace): CSSProperties => ({ gridRow: place.row, gridColumn: place.column });

/** product.md §2 game card: artwork (loaded when near the screen), name, vendor and the favourite heart. */
export function GameCard({
  game,
  vendorName,
  vendorIcon,
  favourite,
  hot = false,
  launching,
  favouritePending,
  onLaunch,
  onToggleFavourite,
  place,
}: GameCardProps) {
  const { t } = useTranslation();
  // "Play <game>" in the language's order: the words around the name are read, not shown.
  const [before = '', after = ''] = t('games.play', { name: NAME_MARK })
    .split(NAME_MARK)
    .map((words) => words.trim());
  return (
    <li
      className={hot ? 'kl-game-card kl-game-card--hot' : 'kl-game-card'}
      data-testid="game-card"
      style={place && placeStyle(place)}
      aria-posinset={place?.position}
      aria-setsize={place?.of}
    >
      <button
        type="button"
        className="kl-game-card__launch"
        aria-busy={launching}
        onClick={() => onLaunch(game)}
      >
        <img
          className="kl-game-card__art"
          src={game.iconUrl}
          alt=""
          width={240}
          height={240}
          loading="lazy"
          decoding="async"
        />
        {/* The spaces between are whitespace of a flex box: part of the name, never drawn. */}
        {before && <span className="kl-visually-hidden">{before}</span>}{' '}
        <span className="kl-game-card__name">{game.gameName}</span>{' '}
        {after && <span className="kl-visually-hidden">{after}</span>}
        {/* The button's name is "Play <game>", from its content: it holds the visible name (WCAG 2.5.3).
            The vendor and the type beside it are what a sighted member sees at a glance, not part of
            the action's name. */}
        {hot ? (
          <span className="kl-game-card__meta" aria-hidden="true">
            <img
              className="kl-game-card__vendor-logo"
              src={vendorIcon ?? `${VENDOR_ART_PREFIX}${encodeURIComponent(game.vassalage)}.webp`}
              alt=""
              width={20}
              height={20}
              loading="lazy"
              decoding="async"
            />
            <span className="kl-game-card__vendor">{vendorName}</span>
            <span className="kl-game-card__type">{t(`category.${game.gameType}`)}</span>
          </span>
        ) : (
          <span className="kl-game-card__vendor" aria-hidden="true">
            {vendorName}
          </span>
        )}
      </button>
      <button
        type="button"
        className="kl-game-card__heart"
        aria-label={t('games.favourite', { name: game.gameName })}
        aria-pressed={favourite}
        aria-busy={favouritePending}
        disabled={favouritePending}
        onClick={() => onToggleFavourite(game, !favourite)}
      >
        <HeartIcon filled={favourite} />
      </button>
    </li>
  );
}
