import { lazy } from 'react';
import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * Accounts (product.md §2 Login, Registration, Change password, Free trial; §4 Logout): the screens, each
 * in its own chunk, and the small pieces the header needs on every page.
 */
export { HeaderAccount } from './components/header-account.tsx';
export { MEMBER_INFO_QUERY_KEY, MEMBER_QUERY_KEY, useMemberInfo } from './api/get-member-info.ts';

export const LoginScreen = lazyWithPreload(() => import('./login-screen.tsx'));
export const RegisterScreen = lazyWithPreload(() => import('./register-screen.tsx'));
export const ForgetScreen = lazyWithPreload(() => import('./forget-screen.tsx'));
export const ChangePasswordScreen = lazyWithPreload(() => import('./change-password-screen.tsx'));
export const TrialScreen = lazyWithPreload(() => import('./trial-screen.tsx'));
export const TrialMemberAlert = lazyWithPreload(() => import('./trial-member-alert.tsx'));
export const FreeReject = lazyWithPreload(() => import('./free-reject.tsx'));

/**
 * The captcha input with its picture and refresh button (and its styles), for other features' forms; a
 * chunk of its own, so that nothing of it (nor zod) joins the first load. Props: see captcha-field.tsx.
 */
export const CaptchaField = lazyWithPreload(async () => {
  const [field] = await Promise.all([import('./components/captcha-field.tsx'), import('./auth.css')]);
  return { default: field.CaptchaField };
});

/** The side menu's account panel and sign-out button (the side menu is itself loaded late). */
export const SideMenuAccount = lazyWithPreload(() => import('./components/side-menu-account.tsx'));
export const SignOutButton = lazyWithPreload(() => import('./components/sign-out-button.tsx'));

/** product.md §4: on load, a session the browser believes in is renewed (or forgotten if refused). */
export async function renewSessionOnLoad(): Promise<void> {
  const { renewSession } = await import('./api/renew-session.ts');
  await renewSession().catch(() => undefined);
}

/**
 * Two-step verification's card of the security screen, in a chunk of its own: its forms (react-hook-form,
 * zod) stay out of the chunks every screen loads, which home's first paint waits for.
 */
export const TwoFactorSettings = lazy(() =>
  import('./components/two-factor-settings.tsx').then((module) => ({ default: module.TwoFactorSettings })),
);
