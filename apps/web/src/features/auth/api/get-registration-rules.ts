import { registrationRules, type RegistrationRules } from '@kl/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';

/** GET registrationRules: methods, fields and toggles of the merchant (product.md §2, §5, §6). */
export async function getRegistrationRules({
  signal,
}: { signal?: AbortSignal } = {}): Promise<RegistrationRules> {
  const parsed = registrationRules.safeParse(await apiCall('registrationRules', { signal }));
  if (!parsed.success) throw new ApiError('UNKNOWN_ERROR', { status: 200, message: 'Malformed rules' });
  return parsed.data;
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
