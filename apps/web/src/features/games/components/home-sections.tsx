import { PAGE_SIZE } from '@kl/contracts/constants';
import { IN_HOUSE_VENDOR } from '@kl/contracts/games';
import { HOME_SECTION_KEYS, type HomeSectionKey } from '@kl/contracts/status';
import { fullPath, type GameCategory } from '@kl/contracts/routes';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNearScreen } from '../../../shared/hooks/use-near-screen.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { useSystemStatus } from '../../system-status/index.ts';
import { useGamePages, type GameSource } from '../hooks/use-game-pages.ts';
import { tabSource } from '../lib/entry-menu.ts';
import { GameCarousel } from './game-carousel.tsx';
import { ListWaiting, listState } from './game-grid.tsx';
import { WinnerBoard } from './winner-board.tsx';

/** Where "See all" leads: an address, or another category of the menu. */
type SeeAll = { to: string } | { category: GameCategory } | null;

interface HomeSection {
  key: HomeSectionKey;
  source: GameSource;
  seeAll: SeeAll;
  /** Lists of the search (the list-type set): shown in two rows split at ceil(half) (product.md §2, §9). */
  twoRows: boolean;
  memberOnly: boolean;
  /** On the first screen, and in the server's page: drawn at once, not when it comes near. */
  firstScreen?: boolean;
}

/**
 * The home sections of product.md §2, in their default order: HOT, FAV (members), NEW_GAME, BGS (vassalage
 * BGS, RNG), BG (class BG, RNG). The merchant's status says which show, in what order (`homeSections`).
 */
export const HOME_SECTIONS: readonly HomeSection[] = [
  {
    key: 'HOT',
    source: { kind: 'hot' },
    seeAll: { to: fullPath('hot-games') },
    twoRows: false,
    memberOnly: false,
    firstScreen: true,
  },
  {
    key: 'FAV',
    source: { kind: 'fav', pageSize: PAGE_SIZE.favourites.small },
    seeAll: null,
    twoRows: false,
    memberOnly: true,
  },
  {
    key: 'NEW_GAME',
    source: tabSource('NEW_GAME'),
    seeAll: { category: 'NEW_GAME' },
    twoRows: true,
    memberOnly: false,
  },
  {
    key: 'BGS',
    source: tabSource('BGS'),
    seeAll: { to: `/m/gameList?gameType=RNG&vassalage=${IN_HOUSE_VENDOR}` },
    twoRows: true,
    memberOnly: false,
  },
  { key: 'BG', source: tabSource('BG'), seeAll: { category: 'BG' }, twoRows: true, memberOnly: false },
];

function SeeAllLink({ seeAll, title }: { seeAll: NonNullable<SeeAll>; title: string }) {
  const { t } = useTranslation();
  const selectCategory = useUiStore((state) => state.selectCategory);
  const label = t('games.seeAllOf', { name: title });
  if ('to' in seeAll) {
    return (
      <Link to={seeAll.to} aria-label={label}>
        {t('games.seeAll')}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className="kl-link-button"
      aria-label={label}
      onClick={() => {
        selectCategory(seeAll.category);
        window.scrollTo({ top: 0 });
      }}
    >
      {t('games.seeAll')}
    </button>
  );
}

/**
 * How far below the screen a section's cards are drawn. Its games are asked for with the page, so
 * drawing is all that is left when it comes near: a few milliseconds, well within the time a scroll
 * takes to cover this distance.
 */
const DRAW_AHEAD_PX = 200;

/** What a section shows after its games, by section (given by home: the new-games section's banners). */
export type SectionExtras = Partial<Readonly<Record<HomeSectionKey, ReactNode>>>;

function HomeSectionView({ section, extra }: { section: HomeSection; extra: ReactNode }) {
  const { t } = useTranslation();
  const pages = useGamePages(section.source);
  const title = t(`category.${section.key}`);
  const headingId = `kl-home-section-${section.key}`;
  // Below the first screen, the cards wait until the section comes near it: a visit that does not
  // scroll that far does not pay for drawing them (docs/performance.md). The section keeps its height
  // meanwhile.
  const firstScreen = section.firstScreen === true;
  const { ref, near } = useNearScreen<HTMLElement>(DRAW_AHEAD_PX, { skip: firstScreen });
  const drawn = firstScreen || near;
  // The cards are drawn from a deferred copy of the games: an answer arriving is taken at once, and
  // drawing its cards yields to the browser instead of holding the page (docs/performance.md).
  const games = useDeferredValue(pages.games);
  const body =
    listState(pages, t) ??
    (games.length === 0 || !drawn ? (
      <ListWaiting t={t} />
    ) : (
      <GameCarousel games={games} label={title} twoRows={section.twoRows} hot={section.key === 'HOT'} />
    ));
  return (
    <section ref={ref} className="kl-games__section" aria-labelledby={headingId} data-section={section.key}>
      <div className="kl-games__section-head">
        <h2 id={headingId}>{title}</h2>
        {section.seeAll && pages.games.length > 0 && <SeeAllLink seeAll={section.seeAll} title={title} />}
      </div>
      {body}
      {extra}
    </section>
  );
}

/**
 * The home's game sections (product.md §2): those the merchant shows, in its order (by default HOT, FAV
 * when logged in, NEW_GAME, BGS and BG), each a carousel with "See all" (not for favourites), then the
 * winner board.
 */
export function HomeSections({ extras }: { extras?: SectionExtras | undefined }) {
  const { role } = useSession();
  const { data: status } = useSystemStatus();
  const order: readonly HomeSectionKey[] = status?.info.homeSections ?? HOME_SECTION_KEYS;
  const sections = order
    .map((key) => HOME_SECTIONS.find((section) => section.key === key))
    .filter((section): section is HomeSection => section !== undefined)
    .filter((section) => !section.memberOnly || role !== 'visitor');
  return (
    <div className="kl-home-sections">
      {sections.map((section) => (
        <HomeSectionView key={section.key} section={section} extra={extras?.[section.key]} />
      ))}
      <WinnerBoard />
    </div>
  );
}
