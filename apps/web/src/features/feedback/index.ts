import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';
import { CaptchaField } from '../auth/index.ts';

/**
 * Feedback (product.md §2 /m/feedback; §3 Feedback; §5 feedback and upload rules; §7 PUT feedback): its own
 * chunk, fetched together with the captcha field it shows, so that the form appears in one piece.
 */
export const FeedbackScreen = lazyWithPreload(async () => {
  const [screen] = await Promise.all([import('./feedback-screen.tsx'), CaptchaField.preload()]);
  return screen;
});
