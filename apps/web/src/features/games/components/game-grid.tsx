import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { messageFor } from '../../../shared/lib/api-client.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { useGameCardActions } from '../hooks/use-game-card-actions.ts';
import type { useGamePages } from '../hooks/use-game-pages.ts';
import { GameCard } from './game-card.tsx';
import { LoadMore } from '../../../shared/ui/load-more.tsx';

/** The line a list shows while its games are on their way. */
export function ListWaiting({ t }: { t: TFunction }) {
  return (
    <p className="kl-games__status" role="status">
      {t('in_please_wait')}
    </p>
  );
}

export type GridLayout = 'grid' | 'column';

type Pages = ReturnType<typeof useGamePages>;

/**
 * What a list shows before it has games: loading, its failure with a retry, or the empty state;
 * null once there are games to show.
 */
export function listState(pages: Pages, t: TFunction) {
  if (pages.isPending && pages.fetchStatus !== 'idle') return <ListWaiting t={t} />;
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
  return null;
}

/** The games of a list with its loading, failure and empty states, and the infinite scroll. */
export function GameGrid({
  pages,
  layout = 'grid',
  hot = false,
  label,
}: {
  pages: Pages;
  layout?: GridLayout;
  hot?: boolean;
  /** Accessible name of the list. */
  label: string;
}) {
  const { t } = useTranslation();
  const cardActions = useGameCardActions();

  const state = listState(pages, t);
  if (state) return state;
  return (
    <>
      <ul className={`kl-game-grid kl-game-grid--${layout}`} aria-label={label} aria-busy={pages.isFetching}>
        {pages.games.map((game) => (
          <GameCard key={`${game.nodeId}-${game.gameId}`} game={game} hot={hot} {...cardActions(game)} />
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
