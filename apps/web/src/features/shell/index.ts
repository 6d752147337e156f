import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * The shell around the screens that is not layout: the side menu (member panel, links with the
 * unclaimed announcements, download promo, live chat, agent, invite, social links, about us, sign out,
 * language, theme, clock), fetched when first opened.
 */
export const SideMenu = lazyWithPreload(() => import('./side-menu.tsx'));
