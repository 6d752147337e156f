import type { SystemStatus } from '@kl/contracts/status';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { readStatusCache, writeStatusCache } from '../status-cache.ts';

export const systemStatusQueryKey = ['system-status'] as const;

/**
 * GET /api/status, checked against the contracts schema, then cached for the next visit. The status
 * contracts (and zod) are loaded on demand, so that they are not part of the first load of the page.
 */
export async function getSystemStatus({ signal }: { signal?: AbortSignal } = {}): Promise<SystemStatus> {
  const { statusCalls } = await import('@kl/contracts/status');
  const status = await apiCall(statusCalls.status, { signal });
  writeStatusCache(status);
  return status;
}

export const systemStatusQueryOptions = () =>
  queryOptions({
    queryKey: systemStatusQueryKey,
    queryFn: ({ signal }) => getSystemStatus({ signal }),
    // Refreshed on every page load and, at most once a minute, when the user comes back to the tab.
    staleTime: 60_000,
    retry: 1,
    retryDelay: 1_000,
  });

/** The system status: the cached one at once (see primeSystemStatus), refreshed from the server. */
export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}

/**
 * Puts a valid cached status into the query cache before the first render, marked stale so that
 * the first use refreshes it from the server.
 */
export async function primeSystemStatus(queryClient: QueryClient): Promise<SystemStatus | undefined> {
  const cached = await readStatusCache();
  if (cached) queryClient.setQueryData(systemStatusQueryKey, cached, { updatedAt: 0 });
  return cached;
}

/**
 * Keeps the status a page brought from the server (home is rendered with it) as the cached one for
 * the next visit, as an answer fetched by the browser is kept.
 */
export function rememberSystemStatus(queryClient: QueryClient): void {
  const state = queryClient.getQueryState<SystemStatus>(systemStatusQueryKey);
  if (state?.data && state.dataUpdatedAt > 0) writeStatusCache(state.data);
}
