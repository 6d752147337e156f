import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { GAMES_QUERY_KEY } from './keys.ts';

/**
 * GET live model list (product.md §7, CBS3): the merchant's hosts on duty (`active=1`), those streaming
 * now first, then by name as the server gives them. The chat contracts (and zod) are loaded on demand:
 * the live category is reached from home, whose first load they are not part of.
 */
export async function getLiveHosts({ signal }: { signal?: AbortSignal } = {}) {
  const { chatCalls } = await import('@kl/contracts/chat');
  const { list } = await apiCall(chatCalls.liveModels, { query: { active: '1' }, signal });
  return [...list].sort((a, b) => Number(b.streaming) - Number(a.streaming));
}

export const liveHostsQueryOptions = () =>
  queryOptions({
    queryKey: [...GAMES_QUERY_KEY, 'live-hosts'],
    queryFn: ({ signal }) => getLiveHosts({ signal }),
    staleTime: 60_000,
  });
