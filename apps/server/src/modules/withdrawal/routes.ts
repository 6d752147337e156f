import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { WithdrawalService } from './service.ts';

export interface WithdrawalRoutesOptions {
  withdrawalService: WithdrawalService;
  guards: MemberGuards;
}

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;
const PASSWORD_FAILURES = [
  'PAYMENT_PASSWORD_NOT_SET',
  'WRONG_PAYMENT_PASSWORD',
  'PAYMENT_PASSWORD_LOCKED',
] as const;
const REAL_ONLY =
  'Real members only (types 0, 1, 2); others: 403 FEATURE_NOT_ENABLED { reason: actual_account_required }.';
const PASSWORD_RULE =
  `A wrong payment password is 400 WRONG_PAYMENT_PASSWORD { attemptsLeft }; the 5th wrong one in a row locks ` +
  'it for 15 minutes: 429 PAYMENT_PASSWORD_LOCKED { lockedUntil }. None set: 409 PAYMENT_PASSWORD_NOT_SET.';
/**
 * The member's withdrawal calls (/m/withdraw and the security screens). Operators decide requests in the
 * back office only (docs/back-office.md, "Withdrawals and deposits"), where each decision has a name.
 */
export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (app, options) => {
  const { withdrawalService: service, guards } = options;
  const tags = ['withdrawal'];
  const security = [{ session: [] }];

  route(app, 'withdrawalInfo', {
    summary:
      'What /m/withdraw needs: limits, today’s count, balances, payment password state, banks, accounts',
    description:
      `${REAL_ONLY} Also the identity check and the merchant’s rules on it (\`kyc\`), and the amount above ` +
      'which a request needs two-factor authentication on (`twoFactorAbove`).',
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.info(currentMember(request));
    },
  });

  route(app, 'setPaymentPassword', {
    summary: 'Set the payment password (6 digits) the first time',
    description: `${REAL_ONLY} Already set: 409 PAYMENT_PASSWORD_SET. Confirmation differs: 400 CONFIRMATION_NOT_MATCHED.`,
    tags,
    security,
    failures: [...MEMBER_FAILURES, 'PAYMENT_PASSWORD_SET', 'CONFIRMATION_NOT_MATCHED'],
    preHandler: guards.member,
    handler: async (request) => {
      const state = await service.setPaymentPassword(currentMember(request), request.body);
      request.log.info('payment password set');
      return state;
    },
  });

  route(app, 'changePaymentPassword', {
    summary: 'Change the payment password (the old one is checked)',
    description: `${REAL_ONLY} ${PASSWORD_RULE} The new one equal to the old: 400 INVALID_INPUT (SAME_PASSWORD).`,
    tags,
    security,
    failures: [...MEMBER_FAILURES, ...PASSWORD_FAILURES, 'CONFIRMATION_NOT_MATCHED'],
    preHandler: guards.member,
    handler: async (request) => {
      const state = await service.changePaymentPassword(currentMember(request), request.body);
      request.log.info('payment password changed');
      return state;
    },
  });

  route(app, 'verifyPaymentPassword', {
    summary: 'Check the payment password',
    description: `${REAL_ONLY} ${PASSWORD_RULE}`,
    tags,
    security,
    failures: [...MEMBER_FAILURES, ...PASSWORD_FAILURES],
    preHandler: guards.member,
    handler: (request) => service.verifyPaymentPassword(currentMember(request), request.body.password),
  });

  route(app, 'bankAccounts', {
    summary: 'The member’s bound bank accounts',
    description: REAL_ONLY,
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.member,
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { list: await service.bankAccounts(currentMember(request)) };
    },
  });

  route(app, 'addBankAccount', {
    summary: 'Bind a bank account; its account name must be the registered payee name',
    description:
      `${REAL_ONLY} Names are compared without accents, case or extra spaces; another name (or no payee name ` +
      'registered: reason payee_name_missing) is 400 BANK_ACCOUNT_NAME_MISMATCH. The same account twice: 409 ' +
      'BANK_ACCOUNT_EXISTS. A number another member bound first: 409 BANK_ACCOUNT_TAKEN. At most 5 accounts: ' +
      '400 INVALID_INPUT (BANK_ACCOUNT_LIMIT).',
    tags,
    security,
    failures: [...MEMBER_FAILURES, 'BANK_ACCOUNT_NAME_MISMATCH', 'BANK_ACCOUNT_EXISTS', 'BANK_ACCOUNT_TAKEN'],
    preHandler: guards.member,
    handler: async (request) => {
      const created = await service.addBankAccount(currentMember(request), request.body);
      request.log.info({ accountId: created.accountId, bank: created.bankCode }, 'bank account bound');
      return created;
    },
  });

  route(app, 'removeBankAccount', {
    summary: 'Remove a bound bank account (requests already made keep their copy)',
    description: `${REAL_ONLY} Unknown or another member’s: 404 NOT_FOUND.`,
    tags,
    security,
    failures: [...MEMBER_FAILURES, 'NOT_FOUND'],
    preHandler: guards.member,
    handler: (request) => service.removeBankAccount(currentMember(request), request.query.accountId),
  });

  route(app, 'createWithdrawal', {
    summary: 'Ask for a withdrawal: the amount is held at once and waits for an operator',
    description:
      `${REAL_ONLY} Amount outside min/max: 400 WITHDRAWAL_AMOUNT_OUT_OF_RANGE { minAmount, maxAmount }; the ` +
      'day’s count reached: 429 WITHDRAWAL_DAILY_LIMIT { limit }; more than the available balance: 409 ' +
      'INSUFFICIENT_BALANCE; more than the withdrawable part (money locked by turnover requirements, GET ' +
      '/api/wallet/turnover): 409 TURNOVER_NOT_MET { withdrawable, locked, remainingTurnover }; unknown bank ' +
      `account: 404. ${PASSWORD_RULE} The same requestKey again answers the ` +
      'first request (replayed: true) and holds nothing more; with another amount or account it is 409 ' +
      'IDEMPOTENCY_CONFLICT. A member whose two-factor authentication is on sends the authenticator’s code ' +
      '(twoFactorCode): without it 401 TWO_FACTOR_REQUIRED { field }, wrong or used 400 ' +
      'WRONG_TWO_FACTOR_CODE { field }, counted like the login’s codes (5 in 15 minutes). The merchant’s ' +
      'identity rules, checked before anything is held: without an approved identity check, 403 KYC_REQUIRED ' +
      '{ reason: first_withdrawal } when no withdrawal of the member was paid yet, or { reason: above_amount, ' +
      'requiredAbove } above its amount; above `twoFactorAbove` with two-factor authentication off, 403 ' +
      'TWO_FACTOR_NEEDED { twoFactorAbove }.',
    tags,
    security,
    failures: [
      ...MEMBER_FAILURES,
      ...PASSWORD_FAILURES,
      'TWO_FACTOR_REQUIRED',
      'WRONG_TWO_FACTOR_CODE',
      'KYC_REQUIRED',
      'TWO_FACTOR_NEEDED',
      'WITHDRAWAL_AMOUNT_OUT_OF_RANGE',
      'WITHDRAWAL_DAILY_LIMIT',
      'INSUFFICIENT_BALANCE',
      'TURNOVER_NOT_MET',
      'IDEMPOTENCY_CONFLICT',
      'NOT_FOUND',
    ],
    preHandler: guards.member,
    handler: async (request) => {
      const created = await service.create(currentMember(request), request.body);
      request.log.info(
        {
          requestId: created.withdrawal.requestId,
          amount: created.withdrawal.amount,
          replayed: created.replayed,
        },
        'withdrawal requested',
      );
      return created;
    },
  });

  route(app, 'withdrawals', {
    summary: 'The member’s withdrawal requests, newest first, paged',
    description: REAL_ONLY,
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.list(currentMember(request), request.query);
    },
  });

  route(app, 'withdrawal', {
    summary: 'One withdrawal request with its status (poll it while pending)',
    description: `${REAL_ONLY} Another member’s or an unknown one: 404 NOT_FOUND.`,
    tags,
    security,
    failures: [...MEMBER_FAILURES, 'NOT_FOUND'],
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.one(currentMember(request), request.query.requestId);
    },
  });
};
