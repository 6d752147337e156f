import { accountsCalls, type CaptchaChallenge } from '@kl/contracts/accounts';
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError, apiCall } from './api-client.ts';

/** GET captcha (CAPTCHA3): a fresh single-use challenge, its picture as a data: URL. */
export async function getCaptcha({ signal }: { signal?: AbortSignal } = {}): Promise<CaptchaChallenge> {
  const challenge = await apiCall(accountsCalls.captcha, { signal });
  if (!challenge.image.startsWith('data:image/')) {
    throw new ApiError('UNKNOWN_ERROR', { status: 200, message: 'Malformed captcha' });
  }
  return challenge;
}

/**
 * A form's own challenge under its own key: asked again on every visit and after each attempt that used
 * it up, never reused from another form.
 */
export const captchaQuery = <K extends QueryKey>(queryKey: K) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => getCaptcha({ signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
