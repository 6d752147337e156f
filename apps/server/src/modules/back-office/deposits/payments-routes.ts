import { STATEMENT_MAX_BYTES, STATEMENT_MAX_LINES } from '@kl/contracts/admin/payments';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/api-route.ts';
import { actorOf, type BackOfficeGuard, GUARD_FAILURES } from '../guard.ts';
import type { DepositChannelsAdmin } from './channels.ts';
import type { DepositConfirmations } from './confirmations.ts';
import type { BankStatements } from './statements.ts';
import type { WithdrawalLimitsAdmin } from './withdrawal-limits.ts';

const FOUR_EYES_FAILURES = ['SECOND_APPROVER_REQUIRED', 'APPROVER_NOT_INDEPENDENT'] as const;

/** Deposit channels, orders confirmed or refused by hand, bank statements (docs/back-office.md). */
export function registerPaymentsRoutes(
  app: FastifyInstance,
  deps: {
    guard: BackOfficeGuard;
    channels: DepositChannelsAdmin;
    confirmations: DepositConfirmations;
    statements: BankStatements;
    withdrawalLimits: WithdrawalLimitsAdmin;
  },
): void {
  const { guard, channels, confirmations, statements, withdrawalLimits } = deps;

  route(app, 'adminWithdrawalLimits', {
    ...guard.guarded('adminWithdrawalLimits'),
    summary:
      'The merchant’s withdrawal limits: smallest and largest request, requests a day, identity and two-factor rules',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return withdrawalLimits.current();
    },
  });

  route(app, 'adminSetWithdrawalLimits', {
    ...guard.guarded('adminSetWithdrawalLimits'),
    summary: 'Change the merchant’s withdrawal limits (the next request is checked against them)',
    description:
      'Amounts above zero, max ≥ min, 1 to 100 requests a day; otherwise 400 INVALID_INPUT. An approved ' +
      'identity check before a member’s first withdrawal (kycFirstWithdrawal) and above kycAbove, two-factor ' +
      'authentication on above twoFactorAbove (null: never). Audited as withdrawal_setting.update.',
    failures: GUARD_FAILURES,
    handler: (request) => withdrawalLimits.set(actorOf(request), request.body),
  });

  route(app, 'adminDepositChannels', {
    ...guard.guarded('adminDepositChannels'),
    summary: 'The merchant’s deposit channels, on or off, in the player’s order, with their orders',
    failures: GUARD_FAILURES,
    handler: (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return channels.list();
    },
  });

  route(app, 'adminCreateDepositChannel', {
    ...guard.guarded('adminCreateDepositChannel'),
    summary: 'Add a deposit channel (last in the list)',
    description:
      'kind bank_transfer or vietqr names a bank account (BIN 6 digits, account number digits), ewallet a ' +
      'wallet account; name in Vietnamese and English; min > 0, max ≥ min, quick amounts within them; ' +
      'otherwise 400 INVALID_INPUT with the field. Code taken: 409 DEPOSIT_CHANNEL_EXISTS. Players see it ' +
      'at once when enabled. Audited as deposit_channel.create.',
    failures: [...GUARD_FAILURES, 'DEPOSIT_CHANNEL_EXISTS'],
    handler: (request) => channels.create(actorOf(request), request.body),
  });

  route(app, 'adminUpdateDepositChannel', {
    ...guard.guarded('adminUpdateDepositChannel'),
    summary: 'Change a deposit channel: name, account, limits, quick amounts, expiry, on or off',
    description: 'Validated as on creation. Unknown channel: 404. Audited as deposit_channel.update.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => channels.update(actorOf(request), request.params.code, request.body),
  });

  route(app, 'adminSetDepositChannelEnabled', {
    ...guard.guarded('adminSetDepositChannelEnabled'),
    summary: 'Switch a deposit channel on or off',
    failures: [...GUARD_FAILURES, 'NOT_FOUND'],
    handler: (request) => channels.setEnabled(actorOf(request), request.params.code, request.body.enabled),
  });

  route(app, 'adminReorderDepositChannels', {
    ...guard.guarded('adminReorderDepositChannels'),
    summary: 'Put the deposit channels in a new order (every channel named once)',
    description: 'A list that does not name every channel once: 400 INVALID_INPUT (EVERY_CHANNEL_ONCE).',
    failures: GUARD_FAILURES,
    handler: (request) => channels.reorder(actorOf(request), request.body.codes),
  });

  route(app, 'adminDeleteDepositChannel', {
    ...guard.guarded('adminDeleteDepositChannel'),
    summary: 'Delete a deposit channel no order was made on',
    description: 'A channel with orders is switched off instead: 409 DEPOSIT_CHANNEL_IN_USE.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'DEPOSIT_CHANNEL_IN_USE'],
    handler: (request) => channels.remove(actorOf(request), request.params.code),
  });

  route(app, 'adminConfirmDeposit', {
    ...guard.guarded('adminConfirmDeposit'),
    summary: 'Confirm a pending or expired deposit order by hand: the bank’s reference and a reason',
    description:
      'Credits the member once through the ledger path of the gateway’s callback (outcome credited). Above ' +
      'the merchant’s depositConfirmSecondApprovalAbove it is the first approval (awaiting_second_approval; ' +
      'the same operator again changes nothing); another operator’s confirmation of such an order is its ' +
      'second approval. Paid already: already_credited, nothing more credited. Refused or failed: 409 ' +
      'DEPOSIT_ORDER_CLOSED. Audited as deposit.confirm or deposit.first_confirm.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'DEPOSIT_ORDER_CLOSED', ...FOUR_EYES_FAILURES],
    handler: (request) => confirmations.confirm(actorOf(request), request.params.orderId, request.body),
  });

  route(app, 'adminApproveDeposit', {
    ...guard.guarded('adminApproveDeposit'),
    summary: 'Second approval of a deposit order confirmed above the threshold: credits it',
    description:
      'Not by the operator who confirmed it (409 SECOND_APPROVER_REQUIRED), nor one whose invitation link ' +
      'either held (409 APPROVER_NOT_INDEPENDENT). Nothing waiting: 409 DEPOSIT_NOT_AWAITING_APPROVAL.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'DEPOSIT_ORDER_CLOSED',
      'DEPOSIT_NOT_AWAITING_APPROVAL',
      ...FOUR_EYES_FAILURES,
    ],
    handler: (request) => confirmations.approve(actorOf(request), request.params.orderId),
  });

  route(app, 'adminRefuseDeposit', {
    ...guard.guarded('adminRefuseDeposit'),
    summary: 'Refuse a pending or expired deposit order with a reason (it becomes failed)',
    description: 'Paid or failed already: 409 DEPOSIT_ORDER_CLOSED. Audited as deposit.refuse.',
    failures: [...GUARD_FAILURES, 'NOT_FOUND', 'DEPOSIT_ORDER_CLOSED'],
    handler: (request) => confirmations.refuse(actorOf(request), request.params.orderId, request.body.reason),
  });

  route(app, 'adminUploadStatement', {
    ...guard.guarded('adminUploadStatement'),
    summary: 'Upload a bank statement (CSV): its credit lines are matched to open orders and confirmed',
    description:
      'Columns: date (YYYY-MM-DD or DD/MM/YYYY), amount (whole đồng, credits positive), description, bank ' +
      `transaction id; a header row is skipped; UTF-8 with or without BOM; at most ${STATEMENT_MAX_BYTES} ` +
      `bytes and ${STATEMENT_MAX_LINES} lines (400 INVALID_INPUT). Each line answers matched, ` +
      'awaiting_second_approval, already_credited, amount_differs, no_order, order_closed, duplicate (the ' +
      'same line was uploaded before: nothing credited again), not_credit or malformed (with its problem). ' +
      'Audited as bank_statement.upload.',
    failures: GUARD_FAILURES,
    handler: (request) => statements.upload(actorOf(request), request.body),
  });

  route(app, 'adminUnmatchedStatementLines', {
    ...guard.guarded('adminUnmatchedStatementLines'),
    summary: 'Statement credit lines no order took, newest first, with their file and uploader',
    failures: GUARD_FAILURES,
    handler: (request, reply) => {
      reply.header('cache-control', 'no-store');
      return statements.unmatched(request.query);
    },
  });

  route(app, 'adminConfirmFromStatementLine', {
    ...guard.guarded('adminConfirmFromStatementLine'),
    summary: 'Confirm an order (by reference code or id) from an unmatched statement line',
    description:
      'The order’s amount must be the line’s (409 DEPOSIT_AMOUNT_DIFFERS); the line closed already: 409 ' +
      'STATEMENT_LINE_CLOSED; otherwise as adminConfirmDeposit. Audited as bank_statement_line.confirm.',
    failures: [
      ...GUARD_FAILURES,
      'NOT_FOUND',
      'STATEMENT_LINE_CLOSED',
      'DEPOSIT_AMOUNT_DIFFERS',
      'DEPOSIT_ORDER_CLOSED',
      ...FOUR_EYES_FAILURES,
    ],
    handler: (request) => statements.confirmFromLine(actorOf(request), request.params.lineId, request.body),
  });
}
