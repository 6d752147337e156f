import { accessOf, type AccessMap, type OperatorRole } from '@kl/contracts/admin/access';
import type { OperatorSelf } from '@kl/contracts/admin/auth';
import type { AdminWithdrawal } from '@kl/contracts/admin/money';

/**
 * A signed-in operator of `role`, with the access the permission matrix gives them, or the `access`
 * given (a test about what an access level shows states it, whatever the matrix says today).
 */
export function createOperator(
  role: OperatorRole = 'owner',
  { readOnly = false, access }: { readOnly?: boolean; access?: Partial<AccessMap> } = {},
): OperatorSelf {
  const granted = accessOf(role, readOnly);
  const only = access
    ? (Object.fromEntries(Object.keys(granted).map((area) => [area, 'none'])) as unknown as AccessMap)
    : granted;
  return {
    id: '0b7a3c62-7f1e-4c1a-9d8e-2f4b5a6c7d8e',
    username: `${role}.one`,
    role,
    readOnly,
    access: { ...only, ...access },
  };
}

let serial = 0;

/** A pending withdrawal in the queue. */
export function createWithdrawal(overrides: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  serial += 1;
  return {
    requestId: `6f1c2b3a-4d5e-4f60-8a7b-${String(serial).padStart(12, '0')}`,
    memberId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    username: 'player01',
    amount: 2_500_000,
    currency: 'VND',
    status: 'pending',
    bankCode: 'VCB',
    bankName: 'Vietcombank',
    accountNumberMasked: '****6789',
    accountNumber: '0123456789',
    accountName: 'NGUYEN VAN A',
    createdAt: '2026-03-01T08:00:00.000Z',
    decidedAt: null,
    rejectReason: null,
    turnoverOwed: 0,
    locked: 0,
    ...overrides,
  };
}
