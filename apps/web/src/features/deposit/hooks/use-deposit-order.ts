import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { WALLET_QUERY_KEY } from '../../wallet/index.ts';
import { getDepositOrder } from '../api/get-order.ts';
import { depositOrderKey } from '../api/keys.ts';
import { DEPOSIT_POLL_MS } from '../lib/timing.ts';

/**
 * A deposit order for both templates: asked again every few seconds while it waits for the payment (not
 * while the page is hidden, and never after the screen is left; asked again when the member comes back
 * from the payment gateway's page); a paid order refreshes the wallet balance.
 */
export function useDepositOrder(orderId: string) {
  const queryClient = useQueryClient();
  const order = useQuery({
    queryKey: depositOrderKey(orderId),
    queryFn: ({ signal }) => getDepositOrder(orderId, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? DEPOSIT_POLL_MS : false),
    refetchIntervalInBackground: false,
    retry: false,
  });
  const status = order.data?.status;

  useEffect(() => {
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
  }, [status, queryClient]);

  return {
    order,
    /** Asks for the order now (its time to pay has run out: the server says whether it expired). */
    refresh: () => void order.refetch(),
  };
}
