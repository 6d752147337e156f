import { z } from 'zod';
import { fromBeforeTo, pageParams } from '../paging.ts';
import { OPERATOR_ROLES } from './access.ts';
import { operatorUsername } from './auth.ts';

/** Operator accounts (owners manage them) and the audit log (docs/back-office.md). */

export const ADMIN_PAGE_SIZE = { default: 20, max: 100 } as const;

/** A page of a back-office list. */
export function adminPage<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
}

export const operatorId = z.uuid();

export const operator = z.object({
  id: operatorId,
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  readOnly: z.boolean(),
  /** Two-factor is set up (through the invitation link, or at the first sign-in of one made on the command line). */
  enrolled: z.boolean(),
  /**
   * Waiting for its invitation link to be used: made in the back office, or reset, and its new password or
   * two-factor not set yet (docs/back-office.md, "Operators").
   */
  awaitingInvitation: z.boolean(),
  /**
   * The owner who held the invitation link of the operator's current credentials (its creator, or the owner
   * who approved its reset); null for one made on the command line. They never approve each other's requests.
   */
  credentialsIssuedBy: z.object({ id: z.uuid(), username: z.string() }).nullable(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type Operator = z.infer<typeof operator>;

export const operatorsQuery = z.object({ ...pageParams(ADMIN_PAGE_SIZE) });
export const operatorPage = adminPage(operator);
export type OperatorPage = z.infer<typeof operatorPage>;

/** A new operator has no password: the answer carries its invitation link (credentials.ts). */
export const createOperatorRequest = z.object({
  username: operatorUsername,
  role: z.enum(OPERATOR_ROLES),
  readOnly: z.boolean().default(false),
});
export type CreateOperatorRequest = z.input<typeof createOperatorRequest>;

/**
 * The link's token is in the answer once, to the owner who made the operator; only its SHA-256 is kept.
 * The link is `/admin/invite#<token>` (credentials.ts, `invitationLink`).
 */
export const issuedInvitation = z.object({ token: z.string(), expiresAt: z.iso.datetime() });
export type IssuedInvitation = z.infer<typeof issuedInvitation>;

export const createOperatorResult = z.object({ operator, invitation: issuedInvitation });
export type CreateOperatorResult = z.infer<typeof createOperatorResult>;

/**
 * Changes an operator: role, read-only, disabled (their sessions end). Their password and two-factor are
 * reset only by a request another owner approves (credentials.ts).
 */
export const updateOperatorRequest = z
  .object({
    role: z.enum(OPERATOR_ROLES).optional(),
    readOnly: z.boolean().optional(),
    disabled: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing to change',
  });
export type UpdateOperatorRequest = z.input<typeof updateOperatorRequest>;

export const operatorParams = z.object({ operatorId });

// The audit log.

/** What an audit entry records: who, when, from where, what, and the before and after of the change. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** Null for a sign-in attempt of an unknown username. */
  operatorId: z.uuid().nullable(),
  operatorUsername: z.string(),
  ip: z.string(),
  /** `operator.create`, `withdrawal.approve`… (docs/back-office.md, "Audit"). */
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** What narrows the audit log and its CSV: operator and action from their start, target anywhere, period. */
export const auditFilters = {
  operator: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  target: z.string().trim().max(128).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
};
export const auditQuery = z
  .object({ ...auditFilters, ...pageParams(ADMIN_PAGE_SIZE) })
  .refine(...fromBeforeTo);
export type AuditQuery = z.input<typeof auditQuery>;
export const auditPage = adminPage(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
