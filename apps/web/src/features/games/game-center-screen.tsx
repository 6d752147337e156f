import { fullPath } from '@kl/contracts/routes';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageFor } from '../../shared/lib/api-client.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useVendors } from './api/get-vendors.ts';
import { VendorTiles } from './components/vendor-tiles.tsx';
import { useChooseCategory } from './hooks/use-choose-category.ts';
import { entryMenu, isVendorCategory, opensGameList, type EntryCategory } from './lib/entry-menu.ts';
import './games.css';

/**
 * How a category of the game centre opens, as the category menu does (product.md §2): RNG, FISH and PVP
 * their game list; the others the game entry with the category selected (favourites ask a visitor to log
 * in and stay here).
 */
function OpenCategory({ category, name }: { category: EntryCategory; name: string }) {
  const { t } = useTranslation();
  const choose = useChooseCategory();
  const label = t('games.seeAllOf', { name });
  if (opensGameList(category)) {
    return (
      <Link to={`/m/gameList?gameType=${category}`} aria-label={label}>
        {t('games.seeAll')}
      </Link>
    );
  }
  return (
    <Link
      to={fullPath('game')}
      aria-label={label}
      onClick={(event) => {
        if (!choose(category)) event.preventDefault();
      }}
    >
      {t('games.seeAll')}
    </Link>
  );
}

/** One category of the centre: its name, the way into its games and, for a game type, its vendors' tiles. */
function CenterCategory({ category }: { category: EntryCategory }) {
  const { t } = useTranslation();
  const name = t(`category.${category}`);
  const headingId = `kl-game-center-${category}`;
  return (
    <section className="kl-game-center__category" aria-labelledby={headingId} data-category={category}>
      <div className="kl-games__section-head">
        <h2 id={headingId}>{name}</h2>
        <OpenCategory category={category} name={name} />
      </div>
      {isVendorCategory(category) && <VendorTiles gameType={category} />}
    </section>
  );
}

/**
 * /m/gameCenter (product.md §2 Agents, the game centre of the category menu): every category of the
 * category menu, in its order, with its vendors (lobbies) as tiles, from the vendor structure the home
 * screen asks for too. A tile opens a lobby or a vendor's game list as the game entry does.
 */
export default function GameCenterScreen() {
  const { t } = useTranslation();
  const vendors = useVendors();
  let body;
  if (vendors.isPending) {
    body = (
      <p className="kl-games__status" role="status">
        {t('in_please_wait')}
      </p>
    );
  } else if (vendors.isError) {
    body = (
      <EmptyState title={messageFor(vendors.error)}>
        <button type="button" className="kl-button kl-button--outline" onClick={() => void vendors.refetch()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  } else if (vendors.data.vendors.length === 0) {
    body = <EmptyState />;
  } else {
    body = entryMenu(vendors.data.sorting.map((entry) => entry.gameCategory)).map((category) => (
      <CenterCategory key={category} category={category} />
    ));
  }
  return (
    <section className="kl-screen kl-game-center" data-page="gameCenter">
      {body}
    </section>
  );
}
