import type { AdminDeposit, DepositConfirmationFilter } from '@kl/contracts/admin/money';
import type { DepositOrderStatus } from '@kl/contracts/deposit';
import type { Locale } from '@kl/contracts/i18n';
import type { Clock } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import { moneyNumber } from '../../wallet/index.ts';
import {
  createDepositOperationsRepository,
  createDepositRepository,
  type DepositFilter,
  type DepositRepository,
} from '../../deposit/index.ts';
import type { AuditActor } from '../audit.ts';
import { DEPOSIT_COLUMNS } from '../exports/columns.ts';
import type { CsvExports } from '../exports/csv-export.ts';
import type { OperatorRepository } from '../operator-repository.ts';
import { confirmationViews, orderStatusAt as statusAt } from './confirmations.ts';

/** What narrows the order list and its CSV (contracts `depositFilters`). */
interface DepositListQuery {
  status?: DepositOrderStatus | undefined;
  username?: string | undefined;
  reference?: string | undefined;
  confirmation?: DepositConfirmationFilter | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

type OrderRows = Awaited<ReturnType<DepositRepository['ordersForOperators']>>;

/**
 * Deposit orders in the back office (docs/back-office.md, "Deposits"), with their confirmation by hand
 * when they have one (confirmations.ts), and their CSV.
 */
export function createDepositOrders(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  operators: Pick<OperatorRepository, 'usernamesOf'>;
  exports: CsvExports;
}) {
  const { merchantCode, clock } = deps;
  // The deposit module's repositories: its orders as operators see them, and their confirmations.
  const orders = createDepositRepository(deps.db);
  const operations = createDepositOperationsRepository(deps.db);

  const filterOf = (query: DepositListQuery): DepositFilter => ({
    status: query.status,
    username: query.username,
    reference: query.reference,
    confirmation: query.confirmation,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  });

  /** The orders as the list shows them, with their confirmations by hand. */
  async function depositsOf(rows: OrderRows, now: Date): Promise<AdminDeposit[]> {
    const confirmations = await confirmationViews(
      await operations.confirmationsOf(rows.map((row) => row.order.id)),
      deps.operators,
    );
    return rows.map(({ order, username }) => ({
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
    }));
  }

  return {
    /**
     * Orders newest first, narrowed by status, username prefix (any case), a reference (our order id, the
     * member's transfer reference in any case, or the gateway's transaction reference, which the order
     * keeps from the gateway's callback), a first approval waiting for a second operator and a period of
     * creation (`from` inclusive, `to` exclusive).
     */
    async list(query: DepositListQuery & { pageNo: number; pageSize: number }) {
      const now = clock();
      const filter = filterOf(query);
      const [rows, total] = await Promise.all([
        orders.ordersForOperators(merchantCode, filter, now, {
          limit: query.pageSize,
          offset: (query.pageNo - 1) * query.pageSize,
        }),
        orders.countForOperators(merchantCode, filter, now),
      ]);
      return { list: await depositsOf(rows, now), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /** The whole list the filter selects, as CSV (docs/back-office.md, "Exports"), audited. */
    exportCsv(actor: AuditActor, query: DepositListQuery & { lang: Locale }) {
      const now = clock();
      const filter = filterOf(query);
      return deps.exports.list(actor, query.lang, {
        action: 'deposit.export',
        name: 'deposits',
        filter: query,
        columns: DEPOSIT_COLUMNS,
        count: () => orders.countForOperators(merchantCode, filter, now),
        rows: async (after, limit) =>
          depositsOf(
            await orders.ordersForOperators(merchantCode, filter, now, { limit, after: after?.orderId }),
            now,
          ),
      });
    },
  };
}

export type DepositOrders = ReturnType<typeof createDepositOrders>;
