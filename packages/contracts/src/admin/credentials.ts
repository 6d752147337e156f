import { z } from 'zod';
import { captchaChallenge } from '../accounts.ts';
import type { ApiTable } from '../api-call.ts';
import { ADMIN_AREAS, OPERATOR_ROLES } from './access.ts';
import {
  ADMIN_BASE_PATH,
  adminLoginResult,
  OPERATOR_PASSWORD_LENGTH,
  operatorPassword,
  totpCode,
} from './auth.ts';
import type { AdminCallRule } from './calls.ts';
import { ADMIN_PAGE_SIZE, adminPage, issuedInvitation, operatorId } from './operators.ts';
import { pageParams } from '../paging.ts';

/**
 * Operators own their credentials (docs/back-office.md, "Operators" and "Signing in";
 * docs/decisions/033-operator-credentials.md):
 * - an operator made in the back office gets no password from its creator: the creator is shown an
 *   invitation link once, through which the operator sets their own password and enrols their own
 *   two-factor;
 * - a signed-in operator changes their own password (the old one and a current code);
 * - another operator's password or two-factor is reset by a request of one owner that a different,
 *   independent owner approves; the approval issues a new link, shown once to the approving owner;
 * - the login screen asks for a captcha once the server asks for one.
 */

/** How long an invitation link works. */
export const OPERATOR_INVITATION_HOURS = 72;
/** The back-office screen an invitation link opens; the token follows in the fragment (`#`). */
export const INVITATION_PATH = `${ADMIN_BASE_PATH}/invite`;

/**
 * The link of an invitation: the token is in the fragment, which browsers never send to a server (not in
 * its logs, not in a Referer).
 */
export function invitationLink(origin: string, token: string): string {
  return `${origin}${INVITATION_PATH}#${token}`;
}

export const INVITATION_PURPOSES = ['new', 'reset'] as const;
export type InvitationPurpose = (typeof INVITATION_PURPOSES)[number];

/** A token as the server makes them (base64url); anything else is refused before any lookup. */
export const invitationToken = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);

export const invitationRequest = z.object({ token: invitationToken });

/**
 * What the invitation page shows before anything is typed: whose link it is and what it asks. After a
 * reset, what was not reset is asked as it is: the current password (`setsPassword` false) or a code of
 * the authenticator app already enrolled (`enrolsTwoFactor` false).
 */
export const invitationInfo = z.object({
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  purpose: z.enum(INVITATION_PURPOSES),
  expiresAt: z.iso.datetime(),
  /** A new password is chosen here (else the current one is asked). */
  setsPassword: z.boolean(),
  /** A new two-factor secret is enrolled here (else a code of the current one is asked). */
  enrolsTwoFactor: z.boolean(),
});
export type InvitationInfo = z.infer<typeof invitationInfo>;

/**
 * Using the link, in two steps like signing in: the password alone answers `enrol` (the new secret and its
 * QR code) or `code`; the password and a code then consume the link and sign in (`signed-in`, with the
 * session cookie). A new password is OPERATOR_PASSWORD_LENGTH long.
 */
export const acceptInvitationRequest = z.object({
  token: invitationToken,
  password: z.string().min(1).max(OPERATOR_PASSWORD_LENGTH.max),
  code: totpCode.optional(),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

/** The signed-in operator's own new password: the old one and a current code prove it is them. */
export const changeOwnPasswordRequest = z.object({
  currentPassword: z.string().min(1).max(OPERATOR_PASSWORD_LENGTH.max),
  newPassword: operatorPassword,
  code: totpCode,
});
export type ChangeOwnPasswordRequest = z.infer<typeof changeOwnPasswordRequest>;

export const changeOwnPasswordResult = z.object({
  changed: z.literal(true),
  /** How many of the operator's other sessions were ended. */
  endedSessions: z.number().int(),
});

// Requests one operator makes and another approves (maker–checker).

export const OPERATOR_REQUEST_STATUSES = ['pending', 'approved', 'refused', 'cancelled'] as const;
export type OperatorRequestStatus = (typeof OPERATOR_REQUEST_STATUSES)[number];

/**
 * The kinds of request there are (each has its handler on the server, operator-requests.ts): an
 * operator's credentials reset, a change that loosens the merchant's money controls (controls.ts), a
 * change of what a VIP level pays (vip.ts), and one that loosens a lottery odds row (lotteries.ts).
 */
export const OPERATOR_REQUEST_KINDS = [
  'operator.reset',
  'controls.update',
  'vip_level.update',
  'lottery_odds.update',
] as const;
export type OperatorRequestKind = (typeof OPERATOR_REQUEST_KINDS)[number];

export const OPERATOR_CREDENTIALS = ['password', 'twoFactor'] as const;
export type OperatorCredential = (typeof OPERATOR_CREDENTIALS)[number];

/** A reset request's payload: what it clears (the password, the two-factor, or both). */
export const operatorResetPayload = z.object({
  clear: z.array(z.enum(OPERATOR_CREDENTIALS)).min(1).max(2),
});
export type OperatorResetPayload = z.infer<typeof operatorResetPayload>;

export const requestOperatorResetBody = z
  .object({
    password: z.boolean(),
    twoFactor: z.boolean(),
    /** Why, for the approving owner and the audit. */
    note: z.string().trim().min(1).max(500),
  })
  .refine((body) => body.password || body.twoFactor, { message: 'reset something', path: ['password'] });
export type RequestOperatorResetBody = z.input<typeof requestOperatorResetBody>;

const operatorName = z.object({ id: z.uuid(), username: z.string() });

export const operatorRequestView = z.object({
  id: z.uuid(),
  kind: z.enum(OPERATOR_REQUEST_KINDS),
  /** The area whose write access deciding it takes. */
  area: z.enum(ADMIN_AREAS),
  /** What it is about (an operator's id for a reset) and how it is called (their username). */
  target: z.string(),
  targetLabel: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(OPERATOR_REQUEST_STATUSES),
  note: z.string(),
  requestedBy: operatorName,
  requestedAt: z.iso.datetime(),
  decidedBy: operatorName.nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decisionNote: z.string().nullable(),
});
export type OperatorRequestView = z.infer<typeof operatorRequestView>;

export const operatorRequestsQuery = z.object({
  status: z.enum(OPERATOR_REQUEST_STATUSES).optional(),
  ...pageParams(ADMIN_PAGE_SIZE),
});
export const operatorRequestPage = adminPage(operatorRequestView);
export type OperatorRequestPage = z.infer<typeof operatorRequestPage>;

export const operatorRequestParams = z.object({ requestId: z.uuid() });

export const decideOperatorRequestBody = z.object({
  approve: z.boolean(),
  note: z.string().trim().max(500).optional(),
});
export type DecideOperatorRequestBody = z.input<typeof decideOperatorRequestBody>;

/** The decision, and what an approval made: a reset's new invitation link, shown this once. */
export const operatorRequestDecision = z.object({
  request: operatorRequestView,
  invitation: issuedInvitation.nullable(),
});
export type OperatorRequestDecision = z.infer<typeof operatorRequestDecision>;

/** The calls of operators' own credentials and of requests (composed into adminCalls, calls.ts). */
export const adminCredentialsCalls = {
  adminCaptcha: {
    method: 'GET',
    path: '/api/admin/captcha',
    moduleId: 'ADMIN',
    response: captchaChallenge,
  },
  /** POST although it reads: the token goes in the body, never in an address. */
  adminInvitation: {
    method: 'POST',
    path: '/api/admin/invitation/lookup',
    moduleId: 'ADMIN',
    body: invitationRequest,
    response: invitationInfo,
  },
  adminAcceptInvitation: {
    method: 'POST',
    path: '/api/admin/invitation',
    moduleId: 'ADMIN',
    body: acceptInvitationRequest,
    response: adminLoginResult,
  },
  adminChangePassword: {
    method: 'PUT',
    path: '/api/admin/session/password',
    moduleId: 'ADMIN',
    body: changeOwnPasswordRequest,
    response: changeOwnPasswordResult,
  },
  adminRequestOperatorReset: {
    method: 'POST',
    path: '/api/admin/operators/:operatorId/reset-requests',
    moduleId: 'ADMIN',
    params: z.object({ operatorId }),
    body: requestOperatorResetBody,
    response: operatorRequestView,
  },
  adminOperatorRequests: {
    method: 'GET',
    path: '/api/admin/operator-requests',
    moduleId: 'ADMIN',
    query: operatorRequestsQuery,
    response: operatorRequestPage,
  },
  adminDecideOperatorRequest: {
    method: 'POST',
    path: '/api/admin/operator-requests/:requestId/decision',
    moduleId: 'ADMIN',
    params: operatorRequestParams,
    body: decideOperatorRequestBody,
    response: operatorRequestDecision,
  },
  adminCancelOperatorRequest: {
    method: 'POST',
    path: '/api/admin/operator-requests/:requestId/cancel',
    moduleId: 'ADMIN',
    params: operatorRequestParams,
    response: operatorRequestView,
  },
} as const satisfies ApiTable;

/**
 * The captcha and the invitation calls are public (the invitee has no session; the token is the
 * credential). Changing one's own password takes a session only. The requests' list, decision and cancel
 * are `session` calls because each kind of request belongs to its own area: the server lists the requests
 * of the areas the operator reads and lets them decide those of the areas they write (PERMISSION_DENIED
 * otherwise); asking for a reset is a write of the operators area.
 */
export const adminCredentialsRules: Record<keyof typeof adminCredentialsCalls, AdminCallRule> = {
  adminCaptcha: 'public',
  adminInvitation: 'public',
  adminAcceptInvitation: 'public',
  adminChangePassword: 'session',
  adminRequestOperatorReset: { area: 'operators', access: 'write' },
  adminOperatorRequests: 'session',
  adminDecideOperatorRequest: 'session',
  adminCancelOperatorRequest: 'session',
};
