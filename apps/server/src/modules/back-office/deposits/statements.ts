import {
  type DepositDecision,
  STATEMENT_LINE_OUTCOMES,
  STATEMENT_MAX_BYTES,
  type StatementLineOutcome,
  type StatementLineResult,
  type StatementUploadResult,
  UNMATCHED_OUTCOMES,
  type UnmatchedLinePage,
  type UploadStatementRequest,
} from '@kl/contracts/admin/payments';
import type { Clock } from '../../../platform/clock.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { createDepositOperationsRepository, type DepositOrderRow } from '../../deposit/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { OperatorRepository } from '../operator-repository.ts';
import type { DepositConfirmations } from './confirmations.ts';
import { parseStatement, referenceCodesIn, type StatementRecord } from './statement-csv.ts';

type GoodRecord = Extract<StatementRecord, { ok: true }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The key a line is kept under: the bank's transaction id, or the digest of its date, amount and text. */
export const lineKeyOf = (line: GoodRecord) =>
  line.transactionId !== null
    ? `txn:${line.transactionId}`
    : `digest:${sha256Hex(`${line.date}|${line.amount}|${line.description}`)}`;

/** The bank's reference an order confirmed from a line keeps. */
const bankReferenceOf = (line: { transactionId: string | null; id: number }) =>
  line.transactionId ?? `STATEMENT-LINE-${line.id}`;

/**
 * Bank statements (docs/back-office.md, "Bank statements"): each credit line of an uploaded CSV is matched
 * to an open order by the reference code in its description and the exact amount, and confirmed through
 * the manual confirmation (confirmations.ts: the ledger path of the gateway's callback, four eyes above the
 * merchant's threshold). A line is kept once per merchant under its key in the transaction that credits
 * its order, so the same line uploaded again, or twice at once, credits once. Lines no order took stay
 * open, listed for an operator who may confirm an order from one. Audited as `bank_statement.upload` and
 * `bank_statement_line.confirm` (and the confirmations' own `deposit.*`).
 */
export function createBankStatements(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  operators: Pick<OperatorRepository, 'usernamesOf'>;
  confirmations: DepositConfirmations;
}) {
  const { db, clock, merchantCode, audit, operators, confirmations } = deps;
  const operations = createDepositOperationsRepository(db);

  /** Matches one good credit line in its own transaction; answers what became of it. */
  async function matchLine(
    actor: AuditActor,
    upload: { id: number; fileName: string },
    line: GoodRecord,
  ): Promise<{ outcome: StatementLineOutcome; order: DepositOrderRow | undefined; credited: boolean }> {
    return db.transaction(async (tx) => {
      const codes = referenceCodesIn(line.description);
      let found: DepositOrderRow | undefined;
      let referenceCode: string | null = null;
      for (const code of codes) {
        found = await operations.orderByReference(merchantCode, code, tx);
        if (found) {
          referenceCode = code;
          break;
        }
      }
      referenceCode ??= codes[0] ?? null;
      const kept = await operations.insertLine(
        {
          merchantCode,
          uploadId: upload.id,
          lineNo: line.lineNo,
          lineKey: lineKeyOf(line),
          bookedOn: line.date,
          amount: line.amount,
          description: line.description,
          transactionId: line.transactionId,
          referenceCode,
          outcome: 'no_order',
          orderId: null,
          open: true,
        },
        tx,
      );
      if (!kept) return { outcome: 'duplicate', order: found, credited: false };
      if (!found) return { outcome: 'no_order', order: undefined, credited: false };
      const order = await confirmations.lockOrder(found.id, tx);
      const close = (outcome: StatementLineOutcome, open: boolean) =>
        operations.updateLine(kept.id, { outcome, orderId: order.id, open }, tx);
      if (order.amount !== line.amount) {
        await close('amount_differs', true);
        return { outcome: 'amount_differs', order, credited: false };
      }
      if (order.status === 'paid') {
        await close('already_credited', false);
        return { outcome: 'already_credited', order, credited: false };
      }
      if (order.status === 'failed') {
        await close('order_closed', true);
        return { outcome: 'order_closed', order, credited: false };
      }
      const done = await confirmations.confirmLocked(
        actor,
        order,
        {
          bankReference: bankReferenceOf({ transactionId: line.transactionId, id: kept.id }),
          reason: `${upload.fileName}:${line.lineNo}`,
        },
        { statementLineId: kept.id, mayApprove: false },
        tx,
      );
      const outcome: StatementLineOutcome =
        done.outcome === 'credited'
          ? 'matched'
          : done.outcome === 'awaiting_second_approval'
            ? 'awaiting_second_approval'
            : 'already_credited';
      await close(outcome, false);
      return { outcome, order, credited: done.credited };
    });
  }

  return {
    async upload(actor: AuditActor, request: UploadStatementRequest): Promise<StatementUploadResult> {
      if (actor.operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      if (Buffer.byteLength(request.content, 'utf8') > STATEMENT_MAX_BYTES) {
        throw new DomainError('INVALID_INPUT', {
          field: 'content',
          reason: 'FILE_TOO_LARGE',
          max: STATEMENT_MAX_BYTES,
        });
      }
      const records = parseStatement(request.content);
      const uploadId = await operations.insertUpload({
        merchantCode,
        fileName: request.fileName,
        uploadedBy: actor.operatorId,
        uploadedAt: clock(),
        lines: records.length,
        counts: {},
      });
      const upload = { id: uploadId, fileName: request.fileName };
      const lines: StatementLineResult[] = [];
      const credited = new Set<string>();
      for (const record of records) {
        if (!record.ok) {
          lines.push({
            lineNo: record.lineNo,
            outcome: 'malformed',
            date: null,
            amount: null,
            description: null,
            transactionId: null,
            referenceCode: null,
            orderId: null,
            orderAmount: null,
            problem: record.problem,
          });
          continue;
        }
        const base = {
          lineNo: record.lineNo,
          date: record.date,
          amount: Number(record.amount),
          description: record.description,
          transactionId: record.transactionId,
          problem: null,
        };
        if (record.amount <= 0n) {
          lines.push({
            ...base,
            outcome: 'not_credit',
            referenceCode: null,
            orderId: null,
            orderAmount: null,
          });
          continue;
        }
        const matched = await matchLine(actor, upload, record);
        if (matched.credited && matched.order) credited.add(matched.order.memberId);
        lines.push({
          ...base,
          outcome: matched.outcome,
          referenceCode: matched.order?.referenceCode ?? referenceCodesIn(record.description)[0] ?? null,
          orderId: matched.order?.id ?? null,
          orderAmount:
            matched.order && matched.order.amount !== record.amount
              ? moneyNumber(matched.order.amount)
              : null,
        });
      }
      const counts = Object.fromEntries(
        STATEMENT_LINE_OUTCOMES.map((outcome) => [
          outcome,
          lines.filter((line) => line.outcome === outcome).length,
        ]),
      ) as StatementUploadResult['counts'];
      await db.transaction(async (tx) => {
        await operations.setUploadCounts(uploadId, counts, tx);
        await audit.record(
          actor,
          {
            action: 'bank_statement.upload',
            targetType: 'bank_statement',
            targetId: String(uploadId),
            after: { fileName: request.fileName, lines: records.length, counts },
          },
          tx,
        );
      });
      for (const memberId of credited) confirmations.credited(memberId);
      return { uploadId, fileName: request.fileName, lines, counts };
    },

    async unmatched(query: { pageNo: number; pageSize: number }): Promise<UnmatchedLinePage> {
      const { rows, total } = await operations.openLines(merchantCode, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const names = await operators.usernamesOf([...new Set(rows.map((row) => row.uploadedBy))]);
      return {
        list: rows.map(({ line, fileName, uploadedAt, uploadedBy }) => ({
          id: line.id,
          outcome: (UNMATCHED_OUTCOMES as readonly string[]).includes(line.outcome)
            ? (line.outcome as (typeof UNMATCHED_OUTCOMES)[number])
            : 'no_order',
          date: line.bookedOn,
          amount: moneyNumber(line.amount),
          description: line.description,
          transactionId: line.transactionId,
          referenceCode: line.referenceCode,
          fileName,
          lineNo: line.lineNo,
          uploadedAt: uploadedAt.toISOString(),
          uploadedBy: names.get(uploadedBy) ?? '',
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },

    /**
     * Confirms an order from an open line: the order named by its reference code or id, of the line's
     * amount exactly (DEPOSIT_AMOUNT_DIFFERS), pending or expired (a paid or refused one:
     * DEPOSIT_ORDER_CLOSED). The line is closed with the order; a line closed already: STATEMENT_LINE_CLOSED.
     */
    async confirmFromLine(
      actor: AuditActor,
      lineId: number,
      request: { order: string; reason: string },
    ): Promise<DepositDecision> {
      if (actor.operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      const operatorId = actor.operatorId;
      let creditedMember: string | undefined;
      const decision = await db.transaction(async (tx: DbOrTx) => {
        const line = await operations.lockLine(merchantCode, lineId, tx);
        if (!line) throw new DomainError('NOT_FOUND', { reason: 'STATEMENT_LINE_NOT_FOUND' });
        if (!line.open) throw new DomainError('STATEMENT_LINE_CLOSED');
        const named = request.order.trim();
        const target = UUID.test(named)
          ? { id: named.toLowerCase() }
          : await operations.orderByReference(merchantCode, named, tx);
        if (!target) throw new DomainError('NOT_FOUND', { reason: 'ORDER_NOT_FOUND' });
        const order = await confirmations.lockOrder(target.id, tx);
        if (order.amount !== line.amount) {
          throw new DomainError('DEPOSIT_AMOUNT_DIFFERS', {
            orderAmount: moneyNumber(order.amount),
            lineAmount: moneyNumber(line.amount),
          });
        }
        if (order.status === 'paid' || order.status === 'failed')
          throw new DomainError('DEPOSIT_ORDER_CLOSED', { status: order.status });
        const done = await confirmations.confirmLocked(
          actor,
          order,
          { bankReference: bankReferenceOf(line), reason: request.reason },
          { statementLineId: line.id, mayApprove: true },
          tx,
        );
        const outcome = done.outcome === 'credited' ? 'matched' : 'awaiting_second_approval';
        const now = clock();
        await operations.updateLine(
          line.id,
          { outcome, orderId: order.id, open: false, resolvedBy: operatorId, resolvedAt: now },
          tx,
        );
        await audit.record(
          actor,
          {
            action: 'bank_statement_line.confirm',
            targetType: 'bank_statement_line',
            targetId: String(line.id),
            before: { outcome: line.outcome, open: true, orderId: line.orderId },
            after: { outcome, open: false, orderId: order.id, reason: request.reason },
          },
          tx,
        );
        if (done.credited) creditedMember = order.memberId;
        return confirmations.decisionOf(order, done.outcome, tx);
      });
      if (creditedMember !== undefined) confirmations.credited(creditedMember);
      return decision;
    },
  };
}

export type BankStatements = ReturnType<typeof createBankStatements>;
