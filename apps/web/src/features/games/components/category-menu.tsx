import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { useVendors } from '../api/get-vendors.ts';
import { useChooseCategory } from '../hooks/use-choose-category.ts';
import { entryMenu, opensGameList } from '../lib/entry-menu.ts';

/**
 * The game category menu (product.md §2): RNG, FISH and PVP open /m/gameList; the other entries switch
 * the selected category. Favourites need a member (product.md §6): a visitor is told to log in and the
 * selection stays.
 */
export function CategoryMenu() {
  const { t } = useTranslation();
  const category = useUiStore((state) => state.category);
  const choose = useChooseCategory();
  const { data: structure } = useVendors();
  const menu = entryMenu(structure?.sorting.map((entry) => entry.gameCategory));

  return (
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
  );
}
