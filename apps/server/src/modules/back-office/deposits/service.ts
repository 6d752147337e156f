import type { AdminDeposit } from '@kl/contracts/admin/money';
import type { DepositOrderStatus } from '@kl/contracts/deposit';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { moneyNumber } from '../../wallet/index.ts';
import { createDepositOperationsRepository, createDepositRepository } from '../../deposit/index.ts';
import type { OperatorRepository } from '../operator-repository.ts';
import { confirmationViews, orderStatusAt as statusAt } from './confirmations.ts';

/**
 * Deposit orders in the back office (docs/back-office.md, "Deposits"), with their confirmation by hand
 * when they have one (confirmations.ts).
 */
export function createDepositOrders(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  operators: Pick<OperatorRepository, 'usernamesOf'>;
}) {
  const { merchantCode, clock } = deps;
  // The deposit module's repositories: its orders as operators see them, and their confirmations.
  const orders = createDepositRepository(deps.db);
  const operations = createDepositOperationsRepository(deps.db);

  return {
    /**
     * Orders newest first, narrowed by status, username prefix (any case), a reference (our order id, the
     * member's transfer reference in any case, or the gateway's transaction reference, which the order
     * keeps from the gateway's callback) and a period of creation (`from` inclusive, `to` exclusive).
     */
    async list(query: {
      status?: DepositOrderStatus | undefined;
      username?: string | undefined;
      reference?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      pageNo: number;
      pageSize: number;
    }) {
      const now = clock();
      const { rows, total } = await orders.orderPageForOperators(
        merchantCode,
        {
          status: query.status,
          username: query.username,
          reference: query.reference,
          from: query.from === undefined ? undefined : new Date(query.from),
          to: query.to === undefined ? undefined : new Date(query.to),
        },
        now,
        { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
      );
      const confirmations = await confirmationViews(
        await operations.confirmationsOf(rows.map((row) => row.order.id)),
        deps.operators,
      );
      return {
        list: rows.map(({ order, username }): AdminDeposit => ({
          orderId: order.id,
          memberId: order.memberId,
          username,
          amount: moneyNumber(order.amount),
          currency: order.currency,
          status: statusAt(order, now),
          channel: order.channelCode,
          gatewayReference: order.gatewayTransactionId,
          createdAt: order.createdAt.toISOString(),
          paidAt: order.paidAt?.toISOString() ?? null,
          referenceCode: order.referenceCode,
          confirmation: confirmations.get(order.id) ?? null,
          failureReason: order.failureReason,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}

export type DepositOrders = ReturnType<typeof createDepositOrders>;
