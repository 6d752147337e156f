import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, messageFor } from '../shared/lib/api-client.ts';
import { toast } from '../shared/ui/toast.ts';

/** A failure worth one more try: no answer, or the server failed (5xx). */
const isTransient = (error: unknown) =>
  error instanceof ApiError && (error.code === 'NETWORK_OFFLINE' || error.status >= 500);

/**
 * Server state lives here. Queries show their own inline states; a failed mutation shows the
 * localised message of its code in a toast, unless it says `meta: { errorToast: false }`.
 * `networkMode: 'always'`: the API client decides what "offline" means (NETWORK_OFFLINE) rather
 * than requests silently pausing until the browser reports a connection.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: (failureCount, error) => failureCount < 2 && isTransient(error),
      },
      mutations: { networkMode: 'always', retry: false },
    },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast === false) return;
        // The API client already said the session is gone.
        if (error instanceof ApiError && error.sessionCleared) return;
        void toast.error(messageFor(error));
      },
    }),
  });
}
