import { GAME_TYPES, isListFirst, type GameType } from '@kl/contracts/games';
import type { GameCategory } from '@kl/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullPath } from '@kl/contracts/routes';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { useGamePages, isMemberSource } from '../hooks/use-game-pages.ts';
import { opensGameList, tabSource } from '../lib/entry-menu.ts';
import { GameGrid } from './game-grid.tsx';
import type { ListType } from '../lib/list-source.ts';
import { GameListView } from './game-list-view.tsx';
import { HomePreview } from './home-preview.tsx';
import { LiveHosts } from './live-hosts.tsx';
import { VendorTiles } from './vendor-tiles.tsx';

/** Categories that are a game type whose vendors launch from a tile (not list-first). */
const tileType = (category: GameCategory): GameType | null =>
  (GAME_TYPES as readonly string[]).includes(category) && !isListFirst(category as GameType)
    ? (category as GameType)
    : null;

/** A tab that is one list of games; for live casino, sports, e-sports, cockfight and lottery the vendor tiles first. */
function ListTab({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const source = tabSource(category);
  const pages = useGamePages(source);
  const vendorType = tileType(category);
  if (isMemberSource(source) && role === 'visitor') {
    return <p className="kl-games__status">{t('in_logged_login')}</p>;
  }
  return (
    <>
      {(category === 'LOTT' || category === 'ELOTT') && (
        <Link className="kl-button kl-button--outline kl-games__lottery-link" to={fullPath('lottery')}>
          {t('games.inHouseLottery')}
        </Link>
      )}
      {vendorType && <VendorTiles gameType={vendorType} />}
      {category === 'LIVE' && <LiveHosts />}
      <GameGrid pages={pages} hot={category === 'HOT'} label={t(`category.${category}`)} />
    </>
  );
}

/** A list-first type reached by its category path (/m/slot-games …): its game list in place. */
function TypeTab({ gameType }: { gameType: GameType }) {
  const [type, setType] = useState<ListType>('all');
  const [vassalage, setVassalage] = useState<string | null>(null);
  return (
    <GameListView
      gameType={gameType}
      type={type}
      onTypeChange={(next, clearVendor) => {
        setType(next);
        if (clearVendor) setVassalage(null);
      }}
      vassalage={vassalage}
      onVendorChange={setVassalage}
    />
  );
}

/** The games of the selected category (product.md §2 game entry): HOME previews, a list-first type's list, or one list. */
export function CategoryContent({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const selectCategory = useUiStore((state) => state.selectCategory);
  return (
    <div className="kl-game-entry__content" data-testid="category-content" data-category={category}>
      <h2 className="kl-visually-hidden">{t(`category.${category}`)}</h2>
      {category === 'HOME' ? (
        <HomePreview onSelectLive={() => selectCategory('LIVE')} />
      ) : opensGameList(category) ? (
        <TypeTab key={category} gameType={category} />
      ) : (
        <ListTab key={category} category={category} />
      )}
    </div>
  );
}
