import type { Game } from '@kl/contracts/games';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/stores/session-store.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { addFavourite } from '../api/add-favourite.ts';
import { FAVOURITE_IDS_KEY, FAVOURITE_LIST_KEY, MEMBER_GAMES_QUERY_KEY } from '../api/keys.ts';
import { removeFavourite } from '../api/remove-favourite.ts';
import type { GamePage } from './use-game-pages.ts';

/**
 * product.md §4 Favourites: toggles add/remove. Success updates the member's list at once, says
 * "Thay đổi thành công" for 1 s and drops a removed game from the favourites lists; a failure only
 * ends the loading state (no message). A visitor is told to log in (2 s) and nothing changes.
 */
export function useFavouriteToggle() {
  const { t } = useTranslation();
  const { role } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ game, favourite }: { game: Game; favourite: boolean }) =>
      favourite ? addFavourite(game.nodeId, game.vassalage) : removeFavourite(game.nodeId, game.vassalage),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      queryClient.setQueriesData<string[]>({ queryKey: FAVOURITE_IDS_KEY }, (ids = []) =>
        answer.favourite
          ? [...new Set([...ids, answer.nodeId])]
          : ids.filter((nodeId) => nodeId !== answer.nodeId),
      );
      if (!answer.favourite) {
        queryClient.setQueriesData<InfiniteData<GamePage>>({ queryKey: FAVOURITE_LIST_KEY }, (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  games: page.games.filter((game) => game.nodeId !== answer.nodeId),
                })),
              }
            : data,
        );
      }
      void toast.success(t('games.changeSuccess'));
      void queryClient.invalidateQueries({ queryKey: MEMBER_GAMES_QUERY_KEY });
    },
  });
  const toggle = (game: Game, favourite: boolean) => {
    if (role === 'visitor') {
      void toast.info(t('in_logged_login'));
      return;
    }
    mutation.mutate({ game, favourite });
  };
  return { toggle, pendingNodeId: mutation.isPending ? mutation.variables.game.nodeId : null };
}
