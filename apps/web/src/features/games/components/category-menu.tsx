import type { GameCategory } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/stores/session-store.ts';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useVendors } from '../api/get-vendors.ts';
import { entryMenu, opensGameList } from '../lib/entry-menu.ts';

/**
 * The game category menu (product.md §2): RNG, FISH and PVP open /m/gameList; the other entries switch
 * the selected category. Favourites need a member (product.md §6): a visitor is told to log in and the
 * selection stays.
 */
export function CategoryMenu() {
  const { t } = useTranslation();
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
