import { depositCalls } from '@kl/contracts/deposit';
import { useQuery } from '@tanstack/react-query';
import { i18n } from '../../../shared/lib/i18n.ts';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { DEPOSIT_CHANNELS_KEY } from './keys.ts';

/** GET deposit channels: the merchant's channels (names in the caller's language) and the sandbox flag. */
export async function getDepositChannels({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(depositCalls.depositChannels, { signal });
}

export function useDepositChannels() {
  return useQuery({
    queryKey: [...DEPOSIT_CHANNELS_KEY, i18n.language],
    queryFn: ({ signal }) => getDepositChannels({ signal }),
    staleTime: 60_000,
    retry: false,
  });
}
