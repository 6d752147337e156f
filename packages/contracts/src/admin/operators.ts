import { z } from 'zod';
import { pageParams } from '../paging.ts';
import { OPERATOR_ROLES } from './access.ts';
import { operatorPassword, operatorUsername } from './auth.ts';

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
  /** Two-factor is set up (the first sign-in enrols it). */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type Operator = z.infer<typeof operator>;

export const operatorsQuery = z.object({ ...pageParams(ADMIN_PAGE_SIZE) });
export const operatorPage = adminPage(operator);
export type OperatorPage = z.infer<typeof operatorPage>;

export const createOperatorRequest = z.object({
  username: operatorUsername,
  password: operatorPassword,
  role: z.enum(OPERATOR_ROLES),
  readOnly: z.boolean().default(false),
});
export type CreateOperatorRequest = z.input<typeof createOperatorRequest>;

/** Changes an operator: role, read-only, disabled (their sessions end), two-factor reset (enrols again). */
export const updateOperatorRequest = z
  .object({
    role: z.enum(OPERATOR_ROLES).optional(),
    readOnly: z.boolean().optional(),
    disabled: z.boolean().optional(),
    resetTwoFactor: z.literal(true).optional(),
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

export const auditQuery = z
  .object({
    operator: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    target: z.string().trim().max(128).optional(),
    from: z.iso.datetime().optional(),
    to: z.iso.datetime().optional(),
    ...pageParams(ADMIN_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: 'from must be before to',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuery>;
export const auditPage = adminPage(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;
