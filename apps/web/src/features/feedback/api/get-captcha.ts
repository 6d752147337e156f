import { useQuery } from '@tanstack/react-query';
import { captchaQuery } from '../../../shared/lib/captcha.ts';
import { FEEDBACK_CAPTCHA_QUERY_KEY } from './keys.ts';

/** The feedback form's own challenge (shared/lib/captcha.ts). */
export function useFeedbackCaptcha(enabled = true) {
  return useQuery({ ...captchaQuery(FEEDBACK_CAPTCHA_QUERY_KEY), enabled });
}
