import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/** Invite friends (product.md §2 /m/inviteFriends): its own chunk. */
export const InviteScreen = lazyWithPreload(() => import('./invite-screen.tsx'));
