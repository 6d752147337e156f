import { useQuery } from '@tanstack/react-query';
import { captchaQuery } from '../../../shared/lib/captcha.ts';

export { getCaptcha } from '../../../shared/lib/captcha.ts';

/** Each form holds its own challenge; it is never reused from another screen or visit. */
export const captchaQueryOptions = (form: string) => captchaQuery(['captcha', form]);

export function useCaptcha(form: string, enabled = true) {
  return useQuery({ ...captchaQueryOptions(form), enabled });
}
