import { noValue } from './account-checks.ts';
import type { ApiTable } from './api-call.ts';
import { z } from 'zod';

/**
 * The accounts calls of every member's page (product.md §3 Session, Member info; §4 "if logged in session
 * renewed" on load, Logout): the session renewed as the app starts, the member's info the header shows,
 * and signing out (the side menu's and the member centre's button). A module of their own, so that a
 * member's first load carries these schemas and not every accounts call's
 * (docs/decisions/024-first-load-javascript.md); accounts.ts puts them in `accountsCalls`.
 */

/** What the browser may keep of a session (MC_SESSION_INFO): never the secret, which is a cookie. */
export const sessionInfo = z.object({
  userName: z.string(),
  merchantCode: z.string(),
  type: z.number().int(),
  firstTimeLogin: z.boolean(),
  /** When the session ends unless renewed (ISO time). */
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const memberInfo = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  clubLabel: z.object({ labelName: z.string() }),
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  firstTimeLogin: z.boolean(),
  /** The member has a password: the change-password form asks for the old one only then. */
  hasPassword: z.boolean(),
  /**
   * The interval of the member's reality check in minutes (responsible gaming; 0: none), so that a member's
   * pages load the reminder only for a member who set one.
   */
  realityCheckMinutes: z.number().int().min(0),
});
export type MemberInfo = z.infer<typeof memberInfo>;

export const memberSessionCalls = {
  logout: { method: 'DELETE', path: '/api/auth/session', moduleId: 'PERSPNL3', response: noValue },
  renewSession: {
    method: 'POST',
    path: '/api/auth/session/renew',
    moduleId: 'PERSPNL3',
    response: sessionInfo,
  },
  memberInfo: { method: 'GET', path: '/api/member/info', moduleId: 'PERSPNL3', response: memberInfo },
} as const satisfies ApiTable;
