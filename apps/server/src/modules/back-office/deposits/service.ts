import type { AdminDeposit } from '@kl/contracts/admin/money';
import type { DepositOrderStatus } from '@kl/contracts/deposit';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { moneyNumber } from '../../wallet/index.ts';
import { createDepositRepository, type DepositOrderRow } from '../../deposit/index.ts';

/** Deposit orders in the back office (docs/back-office.md, "Deposits"): read only. */

/** The order's status as the member sees it: a pending order whose time is up is expired. */
const statusAt = (order: DepositOrderRow, now: Date): DepositOrderStatus =>
  order.status === 'pending' && order.expiresAt <= now ? 'expired' : order.status;

export function createDepositOrders(deps: { db: Db; clock: Clock; merchantCode: string }) {
  const { merchantCode, clock } = deps;
  // The deposit module's repository: its orders as operators see them.
  const orders = createDepositRepository(deps.db);

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
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },
  };
}

export type DepositOrders = ReturnType<typeof createDepositOrders>;
