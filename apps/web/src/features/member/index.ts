import { lazyWithPreload } from '../../shared/lib/lazy-with-preload.ts';

/**
 * The member centre (product.md §2 /m/member/home in both templates) and the member's reports: transaction
 * history (/m/member/history) and game records (/m/member/gameRecords). Each screen is its own chunk.
 */
export const MemberHomeScreen = lazyWithPreload(() => import('./member-home-screen.tsx'));
export const MemberHistoryScreen = lazyWithPreload(() => import('./history-screen.tsx'));
export const GameRecordsScreen = lazyWithPreload(() => import('./game-records-screen.tsx'));
/** The member's profile (/m/member/profile, docs/decisions/058-member-profile.md). */
export const ProfileScreen = lazyWithPreload(() => import('./profile-screen.tsx'));
/** The e-mailed verification link, opened (/m/verify-email, docs/decisions/059-member-contacts.md). */
export const VerifyEmailScreen = lazyWithPreload(() => import('./verify-email-screen.tsx'));
/** Whether a member type is an agent's (the side menu's agent item says "agent centre" to them). */
export { isAgentType } from './lib/agent-types.ts';
