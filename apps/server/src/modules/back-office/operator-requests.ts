import { ADMIN_AREAS, type AdminArea, accessOf, allows } from '@kl/contracts/admin/access';
import type {
  DecideOperatorRequestBody,
  OperatorRequestDecision,
  OperatorRequestKind,
  OperatorRequestPage,
  OperatorRequestStatus,
  OperatorRequestView,
} from '@kl/contracts/admin/credentials';
import type { IssuedInvitation } from '@kl/contracts/admin/operators';
import type { OperatorRequestRow, OperatorRow } from '../../db/schema/index.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuditActor, AuditLog } from './audit.ts';
import { assertIndependentChecker } from './four-eyes.ts';
import type { OperatorRequestRecord, OperatorRequestRepository } from './operator-request-repository.ts';

/**
 * Requests one operator makes and a second, independent one approves (maker–checker; docs/back-office.md,
 * "Operators"; docs/decisions/033-operator-credentials.md). One table (`operator_request`) and this service
 * serve every kind; what a kind means is its handler's:
 * - `area`: deciding a request of the kind takes write access to it, and reading the list read access;
 * - `label`: how the target is called in the list;
 * - `apply(tx, request, checker)`: what approving does, in the transaction that marks it approved (a
 *   DomainError there leaves the request pending). It answers what the checker is shown once.
 *
 * Adding a kind: name it in OPERATOR_REQUEST_KINDS (contracts admin/credentials.ts) with the shape of its
 * payload, write its handler (as `createOperatorResetKind` in operator-reset.ts), add it to the handlers
 * given to `createOperatorRequests` (index.ts), and give it a call that checks what is asked and calls
 * `create` with the kind, the target and the payload. The list, approve, refuse and cancel calls, the
 * independence of the checker and the audit come with it.
 */

/** What approving a request made that its checker is shown once (a reset's new invitation link). */
export interface RequestOutcome {
  invitation?: IssuedInvitation;
}

/** The checker of a request: who approves it, as the audit names them. */
export type Checker = AuditActor & { operatorId: string };

export interface OperatorRequestKindHandler {
  area: AdminArea;
  label(target: string, tx: DbOrTx): Promise<string>;
  apply(tx: DbOrTx, request: OperatorRequestRow, checker: Checker): Promise<RequestOutcome>;
}

export type OperatorRequestHandlers = Readonly<Record<OperatorRequestKind, OperatorRequestKindHandler>>;

export function createOperatorRequests(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  requests: OperatorRequestRepository;
  audit: AuditLog;
  handlers: OperatorRequestHandlers;
}) {
  const { db, clock, merchantCode, requests, audit, handlers } = deps;

  async function viewOf(record: OperatorRequestRecord, tx: DbOrTx = db): Promise<OperatorRequestView> {
    const { row } = record;
    return {
      id: row.id,
      kind: row.kind,
      area: row.area,
      target: row.target,
      targetLabel: await handlers[row.kind].label(row.target, tx),
      payload: row.payload as Record<string, unknown>,
      status: row.status,
      note: row.note,
      requestedBy: { id: row.requestedBy, username: record.requestedBy },
      requestedAt: row.requestedAt.toISOString(),
      decidedBy:
        row.decidedBy === null || record.decidedBy === null
          ? null
          : { id: row.decidedBy, username: record.decidedBy },
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionNote: row.decisionNote,
    };
  }

  async function reread(id: string, tx: DbOrTx): Promise<OperatorRequestView> {
    const record = await requests.record(id, tx);
    if (!record) throw new Error(`operator request ${id} vanished`);
    return viewOf(record, tx);
  }

  /** A pending request, locked in `tx`: NOT_FOUND, or OPERATOR_REQUEST_CLOSED when decided or cancelled. */
  async function pending(id: string, tx: DbOrTx): Promise<OperatorRequestRow> {
    const row = await requests.lock(merchantCode, id, tx);
    if (!row) throw new DomainError('NOT_FOUND');
    if (row.status !== 'pending') throw new DomainError('OPERATOR_REQUEST_CLOSED', { status: row.status });
    return row;
  }

  const audited = (
    actor: AuditActor,
    action: string,
    id: string,
    change: { before?: OperatorRequestView; after: OperatorRequestView },
    tx: DbOrTx,
  ) => audit.record(actor, { action, targetType: 'operator_request', targetId: id, ...change }, tx);

  return {
    /**
     * A new request of `kind` (the caller checked what is asked); OPERATOR_REQUEST_PENDING when one of the
     * kind already waits for the target.
     */
    async create(
      actor: AuditActor,
      request: { kind: OperatorRequestKind; target: string; payload: Record<string, unknown>; note: string },
    ): Promise<OperatorRequestView> {
      const requestedBy = actor.operatorId;
      if (requestedBy === null) throw new DomainError('NOT_LOGGED_IN');
      return db.transaction(async (tx) => {
        const row = await requests.insert(
          {
            merchantCode,
            ...request,
            area: handlers[request.kind].area,
            requestedBy,
            requestedAt: clock(),
          },
          tx,
        );
        if (!row) throw new DomainError('OPERATOR_REQUEST_PENDING');
        const after = await reread(row.id, tx);
        await audited(actor, 'operator_request.create', row.id, { after }, tx);
        return after;
      });
    },

    /** Newest first: the requests of the areas the operator may read. */
    async list(
      reader: OperatorRow,
      query: { status?: OperatorRequestStatus | undefined; pageNo: number; pageSize: number },
    ): Promise<OperatorRequestPage> {
      const access = accessOf(reader.role, reader.readOnly);
      const areas = ADMIN_AREAS.filter((area) => allows(access[area], 'read'));
      const { rows, total } = await requests.page(
        merchantCode,
        { areas, status: query.status },
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      const list = await Promise.all(rows.map((record) => viewOf(record)));
      return { list, pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /**
     * Approves (applying it) or refuses a pending request, by an operator with write access to its area
     * (PERMISSION_DENIED) independent of its requester (four-eyes.ts), once: a request already decided or
     * cancelled is OPERATOR_REQUEST_CLOSED.
     */
    async decide(
      checker: OperatorRow,
      actor: AuditActor,
      id: string,
      decision: DecideOperatorRequestBody,
    ): Promise<OperatorRequestDecision> {
      return db.transaction(async (tx) => {
        const row = await pending(id, tx);
        const handler = handlers[row.kind];
        if (!allows(accessOf(checker.role, checker.readOnly)[handler.area], 'write')) {
          throw new DomainError('PERMISSION_DENIED');
        }
        await assertIndependentChecker(tx, row.requestedBy, checker.id);
        const before = await reread(id, tx);
        const outcome = decision.approve
          ? await handler.apply(tx, row, { ...actor, operatorId: checker.id })
          : {};
        await requests.update(
          id,
          {
            status: decision.approve ? 'approved' : 'refused',
            decidedBy: checker.id,
            decidedAt: clock(),
            decisionNote: decision.note || null,
          },
          tx,
        );
        const after = await reread(id, tx);
        const action = decision.approve ? 'operator_request.approve' : 'operator_request.refuse';
        await audited(actor, action, id, { before, after }, tx);
        return { request: after, invitation: outcome.invitation ?? null };
      });
    },

    /** The requester takes back their pending request (only they may: PERMISSION_DENIED). */
    async cancel(actor: AuditActor, id: string): Promise<OperatorRequestView> {
      return db.transaction(async (tx) => {
        const row = await pending(id, tx);
        if (row.requestedBy !== actor.operatorId) throw new DomainError('PERMISSION_DENIED');
        const before = await reread(id, tx);
        await requests.update(id, { status: 'cancelled', decidedAt: clock() }, tx);
        const after = await reread(id, tx);
        await audited(actor, 'operator_request.cancel', id, { before, after }, tx);
        return after;
      });
    },
  };
}
export type OperatorRequests = ReturnType<typeof createOperatorRequests>;
