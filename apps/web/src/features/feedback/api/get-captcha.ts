import { accountsCalls, type CaptchaChallenge } from '@kl/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../shared/lib/api-client.ts';
import { FEEDBACK_CAPTCHA_QUERY_KEY } from './keys.ts';

/** GET captcha (CAPTCHA3): a fresh single-use challenge, its picture as a data: URL. */
export async function getCaptcha({ signal }: { signal?: AbortSignal } = {}): Promise<CaptchaChallenge> {
  const challenge = await apiCall(accountsCalls.captcha, { signal });
  if (!challenge.image.startsWith('data:image/')) {
    throw new ApiError('UNKNOWN_ERROR', { status: 200, message: 'Malformed captcha' });
  }
  return challenge;
}

/**
 * The feedback form's own challenge: asked again on every visit and after each attempt that used it
 * up (never reused from another form).
 */
export function useFeedbackCaptcha(enabled = true) {
  return useQuery({
    queryKey: FEEDBACK_CAPTCHA_QUERY_KEY,
    queryFn: ({ signal }) => getCaptcha({ signal }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}
