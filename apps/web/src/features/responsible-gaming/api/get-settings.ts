import { responsibleGamingCalls } from '@kl/contracts/responsible-gaming';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { RESPONSIBLE_GAMING_KEY } from './keys.ts';

/** GET responsible gaming: the three deposit limits (with use and pending raises), exclusion, reality check. */
export async function getResponsibleGaming({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(responsibleGamingCalls.responsibleGaming, { signal });
}

export const responsibleGamingQuery = queryOptions({
  queryKey: RESPONSIBLE_GAMING_KEY,
  queryFn: ({ signal }) => getResponsibleGaming({ signal }),
  staleTime: 30_000,
  retry: false,
});
