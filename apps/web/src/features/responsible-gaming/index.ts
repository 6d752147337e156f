import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * Responsible gaming (member centre /m/member/responsibleGaming): the screen in its own chunk, and the
 * reality-check reminder the layout mounts for logged-in members (downloaded when the page is idle).
 */
export const ResponsibleGamingScreen = lazyWithPreload(() => import('./responsible-gaming-screen.tsx'));
export { RealityCheck } from './reality-check-mount.tsx';
