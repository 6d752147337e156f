import { QueryClient } from '@tanstack/react-query';
import { AdminApiError } from '../shared/api.ts';

/**
 * Server data of the back office. A refusal (4xx) is not retried, and neither is anything in tests
 * (`retry: false`); lists are fresh for a few seconds, and an operator coming back to the window sees
 * the queue as it is now.
 */
export function createQueryClient(options: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry:
          options.retry === false
            ? false
            : (failures, error) =>
                failures < 2 &&
                !(error instanceof AdminApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
