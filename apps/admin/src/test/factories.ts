import { accessOf, type AccessMap, type OperatorRole } from '@kl/contracts/admin/access';
import type { OperatorSelf } from '@kl/contracts/admin/auth';
import type { MemberDetail } from '@kl/contracts/admin/members';
import type { AdminKycSubmission } from '@kl/contracts/admin/kyc';
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
    timeZone: 'Asia/Ho_Chi_Minh',
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
    approval: {
      required: 1,
      firstApprovedBy: null,
      firstApprovedAt: null,
      blocked: [],
      eligible: ['finance.one'],
      youMay: true,
    },
    provenance: {
      since: null,
      deposits: 3_000_000,
      stakes: 1_000_000,
      winnings: 500_000,
      bonuses: 0,
      manualCredits: 0,
      manualDebits: 0,
      agentPay: 0,
      adjustments: [],
      flags: [],
    },
    ...overrides,
  };
}

/** One member as the detail screen shows them: balances, a ledger line, a session and a login. */
export function createMemberDetail(overrides: Partial<MemberDetail['member']> = {}): MemberDetail {
  return {
    member: {
      id: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
      username: 'player01',
      type: 0,
      mobile: '+84 912345678',
      email: null,
      available: 1_250_000,
      currency: 'VND',
      registeredAt: '2026-02-01T03:00:00.000Z',
      registerIp: '203.0.113.7',
      lastLoginAt: '2026-03-01T07:30:00.000Z',
      disabled: false,
      nickname: null,
      payeeName: 'NGUYEN VAN A',
      affiliateCode: null,
      vipLevel: 2,
      held: 500_000,
      ...overrides,
    },
    ledger: [
      {
        transactionId: 41,
        kind: 'deposit',
        amount: 1_000_000,
        balanceAfter: 1_250_000,
        reference: 'D-1001',
        at: '2026-03-01T07:31:00.000Z',
      },
    ],
    sessions: [
      {
        id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
        device: 'Chrome on Android',
        ip: '203.0.113.7',
        createdAt: '2026-03-01T07:30:00.000Z',
        expiresAt: '2026-03-08T07:30:00.000Z',
        active: true,
      },
    ],
    logins: [
      {
        ip: '198.51.100.20',
        country: null,
        succeeded: false,
        at: '2026-03-01T07:40:00.000Z',
        method: 'password',
        reason: 'WRONG_CREDENTIALS',
        browser: null,
        system: null,
      },
      {
        ip: '113.161.0.7',
        country: 'VN',
        succeeded: true,
        at: '2026-03-01T07:30:00.000Z',
        method: 'sms',
        reason: null,
        browser: 'Chrome',
        system: 'Android',
      },
    ],
  };
}

/** A submission waiting for its first approval: an identity card of 30-year-old player01, whose name matches. */
export function createKycSubmission(overrides: Partial<AdminKycSubmission> = {}): AdminKycSubmission {
  serial += 1;
  const id = overrides.id ?? `5e4d3c2b-1a0f-4e9d-8c7b-${String(serial).padStart(12, '0')}`;
  return {
    id,
    memberId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    username: 'player01',
    payeeName: 'NGUYEN VAN A',
    state: 'submitted',
    documentKind: 'id_card',
    documentNumber: '079201001234',
    fullName: 'Nguyễn Văn A',
    birthDate: '1996-01-15',
    age: 30,
    nameMatches: true,
    pictures: (['front', 'back', 'selfie'] as const).map((picture) => ({
      picture,
      url: `/api/admin/kyc/${id}/pictures/${picture}`,
    })),
    submittedAt: '2026-03-01T08:00:00.000Z',
    approvalRequestedBy: null,
    approvalRequestedAt: null,
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    ...overrides,
  };
}
