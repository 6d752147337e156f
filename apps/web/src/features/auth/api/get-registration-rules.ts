import { accountsCalls, type RegistrationRules } from '@kl/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';

/** GET registrationRules: methods, fields and toggles of the merchant (product.md §2, §5, §6). */
export async function getRegistrationRules({
  signal,
}: { signal?: AbortSignal } = {}): Promise<RegistrationRules> {
  return apiCall(accountsCalls.registrationRules, { signal });
}

export const registrationRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['registration-rules'],
    queryFn: ({ signal }) => getRegistrationRules({ signal }),
    staleTime: 5 * 60_000,
  });

export function useRegistrationRules() {
  return useQuery(registrationRulesQueryOptions());
}
