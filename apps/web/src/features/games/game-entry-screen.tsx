import type { GameType } from '@kl/contracts/games';
import type { GameCategory } from '@kl/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentRouteRow } from './lib/current-route.ts';
import { useSession } from '../../shared/stores/session-store.ts';
import { useUiStore } from '../../shared/stores/ui-store.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useVendors } from './api/get-vendors.ts';
import { GameGrid } from './components/game-grid.tsx';
import { GameListView, type ListType } from './components/game-list-view.tsx';
import { HomePreview } from './components/home-preview.tsx';
import { useGamePages, isMemberSource } from './hooks/use-game-pages.ts';
import { entryMenu, opensGameList, tabSource } from './lib/entry-menu.ts';
import './games.css';

/** A tab that is one list of games. */
function ListTab({ category }: { category: GameCategory }) {
  const { t } = useTranslation();
  const { role } = useSession();
  const source = tabSource(category);
  const pages = useGamePages(source);
  if (isMemberSource(source) && role === 'visitor') {
    return <p className="kl-games__status">{t('in_logged_login')}</p>;
  }
  return <GameGrid pages={pages} hot={category === 'HOT'} label={t(`category.${category}`)} />;
}

/** A list-first type reached by its category path (/m/slot-games …): its game list in place. */
function TypeTab({ gameType }: { gameType: GameType }) {
  const [type, setType] = useState<ListType>('all');
  const [vassalage, setVassalage] = useState<string | null>(null);
  return (
    <GameListView
      gameType={gameType}
      type={type}
      onTypeChange={setType}
      vassalage={vassalage}
      onVendorChange={setVassalage}
    />
  );
}

/**
 * /m/game and the category paths (SPEC §2 game entry): the category menu and the selected
 * category's games. HOME previews several categories; RNG, FISH and PVP open /m/gameList; the
 * others switch the tab. Favourites need a member (SPEC §6): a visitor is told to log in and the
 * tab stays.
 */
export default function GameEntryScreen() {
  const { t } = useTranslation();
  const route = useCurrentRouteRow();
  const { role } = useSession();
  const category = useUiStore((state) => state.category);
  const selectCategory = useUiStore((state) => state.selectCategory);
  const { data: structure } = useVendors();
  const menu = entryMenu(structure?.sorting.map((entry) => entry.gameCategory));

  const choose = (next: GameCategory) => {
    if (next === 'FAV' && role === 'visitor') {
      void toast.info(t('in_logged_login'));
      return;
    }
    selectCategory(next);
  };

  return (
    <section className="kl-screen kl-game-entry" data-page={route?.page ?? 'game'}>
      <nav className="kl-category-menu" aria-label={t('games.categories')}>
        <ul>
          {menu.map((entry) => (
            <li key={entry}>
              {opensGameList(entry) ? (
                <Link className="kl-category-menu__item" to={`/m/gameList?gameType=${entry}`}>
                  {t(`category.${entry}`)}
                </Link>
              ) : (
                <button
                  type="button"
                  className="kl-category-menu__item"
                  aria-pressed={category === entry}
                  onClick={() => choose(entry)}
                >
                  {t(`category.${entry}`)}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
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
    </section>
  );
}
