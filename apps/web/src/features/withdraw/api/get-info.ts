import { withdrawalCalls } from '@kl/contracts/withdrawal';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { WITHDRAWAL_INFO_KEY } from './keys.ts';

/**
 * GET withdrawal info: limits, today's count, balances, the payment password's state, the banks and the
 * bound accounts.
 */
export async function getWithdrawalInfo({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(withdrawalCalls.withdrawalInfo, { signal });
}

export function useWithdrawalInfo() {
  return useQuery({
    queryKey: WITHDRAWAL_INFO_KEY,
    queryFn: ({ signal }) => getWithdrawalInfo({ signal }),
    retry: false,
  });
}
