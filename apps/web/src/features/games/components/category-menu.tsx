import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { useVendors } from '../api/get-vendors.ts';
import { useChooseCategory } from '../hooks/use-choose-category.ts';
import { entryMenu, opensGameList } from '../lib/entry-menu.ts';

/**
 * Scrolls the menu's row so that its selected entry stands in the middle (or as near as the row's ends
 * allow): at once when the menu appears, as the page opens on it (/m/esport-games selects an entry far
 * to the right), smoothly when the member picks another. The page itself does not move.
 */
function useSelectedInView(selected: string, entries: string) {
  const listRef = useRef<HTMLUListElement>(null);
  const placed = useRef(false);
  useLayoutEffect(() => {
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>('[aria-pressed="true"]');
    if (!list || !chip) return;
    const row = list.getBoundingClientRect();
    const box = chip.getBoundingClientRect();
    const left = list.scrollLeft + box.left - row.left - (row.width - box.width) / 2;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    list.scrollTo?.({ left: Math.max(0, left), behavior: placed.current && !still ? 'smooth' : 'instant' });
    placed.current = true;
  }, [selected, entries]);
  return listRef;
}

/**
 * The game category menu (product.md §2): RNG, FISH and PVP open /m/gameList; the other entries switch
 * the selected category. Favourites need a member (product.md §6): a visitor is told to log in and the
 * selection stays. The selected entry is scrolled into the row's view.
 */
export function CategoryMenu() {
  const { t } = useTranslation();
  const category = useUiStore((state) => state.category);
  const choose = useChooseCategory();
  const { data: structure } = useVendors();
  const menu = entryMenu(structure?.sorting.map((entry) => entry.gameCategory));
  const listRef = useSelectedInView(category, menu.join());

  return (
    <nav className="kl-category-menu" aria-label={t('games.categories')}>
      <ul ref={listRef}>
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
  );
}
