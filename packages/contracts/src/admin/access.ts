/**
 * Who may do what in the back office (docs/back-office.md, "Roles"). Every back-office call belongs to
 * one area and either reads it or changes it; a role gives each area no access, read or write, and an
 * operator made read-only keeps only the reads of their role. The server checks this for every call
 * (the call's rule in calls.ts), and the back-office app hides what the operator cannot open.
 */

export const OPERATOR_ROLES = ['owner', 'finance', 'risk', 'support', 'content'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const ADMIN_AREAS = [
  /** Operator accounts (owners only). */
  'operators',
  /** The audit log. */
  'audit',
  /** Dashboard figures and pending work counts. */
  'dashboard',
  /** Member search, detail, disable / enable, end sessions. */
  'members',
  /** Manual balance adjustments and their second approval. */
  'adjustments',
  /** The withdrawal queue: approve / reject. */
  'withdrawals',
  /** Deposit orders, the merchant's deposit channels, confirming orders by hand, bank statements. */
  'deposits',
  /** Announcements, inbox messages, banners, the help centre and uploaded pictures. */
  'content',
  /** Site switches: maintenance, restricted regions. */
  'status',
  /** Game vendors and games: enabled, hot / new, order, minimum bets. */
  'games',
  /** The lotteries (schedules, catalogue games, odds) and their draws: void with refunds. */
  'lottery',
  /** Live chat with members. */
  'chat',
  /** Members' feedback. */
  'feedback',
  /** Promotions and their claims. */
  'promotions',
  /** Reports, the bets list (every member's game records) and their CSV downloads. */
  'reports',
  /** Agents: applications, making agents, contract offers, settlements and their approval. */
  'agents',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export const ACCESS_LEVELS = ['none', 'read', 'write'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type AccessMap = Readonly<Record<AdminArea, AccessLevel>>;

const nothing: AccessMap = {
  operators: 'none',
  audit: 'none',
  dashboard: 'none',
  members: 'none',
  adjustments: 'none',
  withdrawals: 'none',
  deposits: 'none',
  content: 'none',
  status: 'none',
  games: 'none',
  lottery: 'none',
  chat: 'none',
  feedback: 'none',
  promotions: 'none',
  reports: 'none',
  agents: 'none',
};

/**
 * The permission matrix (docs/back-office.md, "Roles"): owner everything; finance money (deposits,
 * withdrawals, adjustments), the members it pays and the reports; risk members (disable, end sessions),
 * bonus reviews (promotions) and a read of the money and the agents; finance also decides agents' settlements; support reads members and content and answers
 * chats and feedback; content writes announcements, inbox messages and the games' presentation. Every role
 * sees the dashboard.
 */
export const ROLE_ACCESS: Readonly<Record<OperatorRole, AccessMap>> = {
  owner: {
    operators: 'write',
    audit: 'read',
    dashboard: 'read',
    members: 'write',
    adjustments: 'write',
    withdrawals: 'write',
    deposits: 'write',
    content: 'write',
    status: 'write',
    games: 'write',
    lottery: 'write',
    chat: 'write',
    feedback: 'write',
    promotions: 'write',
    reports: 'read',
    agents: 'write',
  },
  finance: {
    ...nothing,
    dashboard: 'read',
    members: 'read',
    adjustments: 'write',
    withdrawals: 'write',
    deposits: 'write',
    lottery: 'read',
    promotions: 'read',
    reports: 'read',
    agents: 'write',
  },
  risk: {
    ...nothing,
    dashboard: 'read',
    members: 'write',
    adjustments: 'read',
    withdrawals: 'read',
    deposits: 'read',
    lottery: 'read',
    promotions: 'write',
    reports: 'read',
    agents: 'read',
  },
  support: {
    ...nothing,
    dashboard: 'read',
    members: 'read',
    agents: 'read',
    status: 'read',
    chat: 'write',
    feedback: 'write',
    content: 'read',
  },
  content: { ...nothing, dashboard: 'read', content: 'write', games: 'write', promotions: 'read' },
};

/** What an operator of `role` may do in each area; read-only turns every write into a read. */
export function accessOf(role: OperatorRole, readOnly: boolean): AccessMap {
  const map = ROLE_ACCESS[role];
  if (!readOnly) return map;
  return Object.fromEntries(
    Object.entries(map).map(([area, level]) => [area, level === 'write' ? 'read' : level]),
  ) as unknown as AccessMap;
}

/** Whether `access` is enough for a call needing `needed` in its area. */
export function allows(access: AccessLevel, needed: 'read' | 'write'): boolean {
  return access === 'write' || (access === 'read' && needed === 'read');
}
