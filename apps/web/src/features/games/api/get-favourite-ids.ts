import { gamesCalls } from '@kl/contracts/games';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { useSession } from '../../../shared/stores/session-store.ts';
import { FAVOURITE_IDS_KEY } from './keys.ts';

/** GET favourite ids (member): the favourites as string nodeIds (product.md §3). */
export async function getFavouriteIds({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return apiCall(gamesCalls.favouriteIds, { signal });
}

export const favouriteIdsQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: [...FAVOURITE_IDS_KEY, userName],
    queryFn: ({ signal }) => getFavouriteIds({ signal }),
    staleTime: 60_000,
  });

/**
 * The member's favourite nodeIds (an empty set for visitors and until they arrive), and whether they are
 * known: a member's hearts wait for them, or a heart pressed before would toggle the wrong way.
 */
export function useFavouriteIds(): { ids: ReadonlySet<string>; known: boolean } {
  const { userName, role } = useSession();
  const { data } = useQuery({ ...favouriteIdsQueryOptions(userName ?? ''), enabled: role !== 'visitor' });
  return { ids: new Set(data ?? []), known: role === 'visitor' || data !== undefined };
}
