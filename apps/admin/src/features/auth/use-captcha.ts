import { adminCalls } from '@kl/contracts/admin/calls';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminCall } from '../../shared/api.ts';

/**
 * The sign-in captcha (GET /api/admin/captcha), loaded once the server asked for one. A captcha is used up
 * by the check it is sent with, right or wrong: `renew` loads the next.
 */
export function useCaptcha(enabled: boolean) {
  const [round, setRound] = useState(0);
  const query = useQuery({
    queryKey: ['admin', 'captcha', round],
    queryFn: ({ signal }) => adminCall(adminCalls.adminCaptcha, { signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
  });
  return {
    challenge: enabled ? query.data : undefined,
    error: query.error,
    renew: () => setRound((current) => current + 1),
  };
}
export type Captcha = ReturnType<typeof useCaptcha>;
