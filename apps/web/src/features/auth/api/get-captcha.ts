import { accountsCalls, type CaptchaChallenge } from '@kl/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';

/** GET captcha: a fresh single-use challenge (image as a data: URL). */
export async function getCaptcha({ signal }: { signal?: AbortSignal } = {}): Promise<CaptchaChallenge> {
  const challenge = await apiCall(accountsCalls.captcha, { signal });
  if (!challenge.image.startsWith('data:image/')) {
    throw new ApiError('UNKNOWN_ERROR', { status: 200, message: 'Malformed captcha' });
  }
  return challenge;
}

/** Each form holds its own challenge; it is never reused from another screen or visit. */
export const captchaQueryOptions = (form: string) =>
  queryOptions({
    queryKey: ['captcha', form],
    queryFn: ({ signal }) => getCaptcha({ signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });

export function useCaptcha(form: string, enabled = true) {
  return useQuery({ ...captchaQueryOptions(form), enabled });
}
