import type { Game } from '@kl/contracts/games';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useVendors } from '../api/get-vendors.ts';
import { useFavouriteIds } from '../api/get-favourite-ids.ts';
import { useFavouriteToggle } from '../hooks/use-favourite-toggle.ts';
import type { useGamePages } from '../hooks/use-game-pages.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { GameCard } from './game-card.tsx';
import { LoadMore } from './load-more.tsx';

export type GridLayout = 'grid' | 'column';

/** The games of a list with its loading, failure and empty states, and the infinite scroll. */
export function GameGrid({
  pages,
  layout = 'grid',
  hot = false,
  label,
}: {
  pages: ReturnType<typeof useGamePages>;
  layout?: GridLayout;
  hot?: boolean;
  /** Accessible name of the list. */
  label: string;
}) {
  const { t } = useTranslation();
  const favourites = useFavouriteIds();
  const { data: vendors } = useVendors();
  const { toggle, pendingNodeId } = useFavouriteToggle();
  const { launch, pendingGameId } = useLaunchGame();
  const vendorName = (game: Game) =>
    vendors?.vendors.find((vendor) => vendor.vassalage === game.vassalage)?.displayName ?? game.vassalage;

  if (pages.isPending && pages.fetchStatus !== 'idle') {
    return (
      <p className="kl-games__status" role="status">
        {t('in_please_wait')}
      </p>
    );
  }
  if (pages.isError && pages.games.length === 0) {
    return (
      <div className="kl-games__status" role="alert">
        <p>{messageFor(pages.error)}</p>
        <button type="button" className="kl-button kl-button--small" onClick={() => void pages.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (pages.games.length === 0) return <EmptyState />;
  return (
    <>
      <ul className={`kl-game-grid kl-game-grid--${layout}`} aria-label={label} aria-busy={pages.isFetching}>
        {pages.games.map((game) => (
          <GameCard
            key={`${game.nodeId}-${game.gameId}`}
            game={game}
            vendorName={vendorName(game)}
            favourite={favourites.has(game.nodeId)}
            hot={hot}
            launching={pendingGameId === game.gameId}
            favouritePending={pendingNodeId === game.nodeId}
            onLaunch={launch}
            onToggleFavourite={toggle}
          />
        ))}
      </ul>
      {pages.hasNextPage && (
        <LoadMore
          active={!pages.isFetchingNextPage}
          pages={pages.data?.pages.length ?? 0}
          onLoadMore={() => void pages.fetchNextPage()}
        />
      )}
      {pages.isFetchingNextPage && (
        <p className="kl-games__status" role="status">
          {t('in_please_wait')}
        </p>
      )}
    </>
  );
}
