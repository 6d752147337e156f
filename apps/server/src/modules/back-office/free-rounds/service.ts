import { isRealMember } from '@kl/contracts/accounts';
import { CONTROLS_DAY_UTC_OFFSET_HOURS } from '@kl/contracts/admin/controls';
import type { AdminGameProviderList } from '@kl/contracts/admin/catalogue';
import type {
  FreeRoundsGrant,
  FreeRoundsPage,
  FreeRoundsStatus,
  GrantFreeRoundsRequest,
} from '@kl/contracts/admin/free-rounds';
import { addMs, type Clock, DAY_MS, dayStartIn } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { uniqueViolation } from '../../../platform/db-errors.ts';
import { createMemberRepository } from '../../member/index.ts';
import type { FreeRoundsBook, ProviderFreeRoundsRow } from '../../provider-wallet/index.ts';
import { moneyNumber } from '../../wallet/index.ts';
import { type AdjustmentService, appliesAtOnce } from '../adjustments/service.ts';
import { createAdjustmentRepository } from '../adjustments/repository.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { ControlsService } from '../controls/service.ts';
import { assertIndependentChecker } from '../four-eyes.ts';
import type { GameProviders } from '../games/vendor-provider.ts';

/** The names a grant is shown with: its member's and its operators'. */
interface Names {
  members: ReadonlyMap<string, string>;
  operators: ReadonlyMap<string, string>;
}

/** A grant as the back office answers it. */
export function grantOf(row: ProviderFreeRoundsRow, names: Names): FreeRoundsGrant {
  const operator = (id: string | null) => (id === null ? null : (names.operators.get(id) ?? null));
  return {
    id: row.id,
    memberId: row.memberId,
    username: names.members.get(row.memberId) ?? '',
    providerCode: row.providerCode,
    gameId: row.gameId,
    gameName: row.gameName,
    rounds: row.rounds,
    roundValue: moneyNumber(row.roundValue),
    value: moneyNumber(row.roundValue * BigInt(row.rounds)),
    turnoverMultiple: row.turnoverMultiple,
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
    reason: row.reason,
    requestedBy: operator(row.requestedBy),
    decidedBy: operator(row.decidedBy),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    deliveryError: row.deliveryError,
    won: moneyNumber(row.won),
  };
}

/**
 * Free rounds granted in the back office (docs/back-office.md, "Free rounds";
 * docs/decisions/065-provider-credits.md). Their value (rounds × stake) is house money, so the rule of
 * manual credits applies to it, on the same running totals (docs/back-office.md, "Four eyes"): given at once
 * while the credits and grants its operator gave at once today, and those its member received at once
 * today, stay within the merchant's daily limits with it; beyond them it waits for a second operator, who
 * may be neither its requester nor anyone whose credentials the requester could know. Grants and credits
 * are decided one at a time per merchant (the credits' advisory lock), so the totals hold under parallel
 * requests. A grant given is handed to its provider after its commit; one the provider did not take stays
 * `undelivered`, to be sent again. Every step is audited: `free_rounds.grant`, `.approve`, `.reject`,
 * `.deliver`.
 */
export function createFreeRoundsAdmin(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  controls: ControlsService;
  book: FreeRoundsBook;
  /** House money given at once (manual credits and free rounds), the adjustments' running totals. */
  usedAtOnce: AdjustmentService['usedAtOnce'];
  /** Operators' usernames by id (the back office's operators). */
  operatorNames: (ids: readonly string[], tx?: DbOrTx) => Promise<Map<string, string>>;
  /** The merchant's providers by code, name and switch (never a key): what a grant may name. */
  providers: GameProviders;
}) {
  const { db, clock, merchantCode, audit, controls, book } = deps;
  const members = createMemberRepository(db);
  const adjustments = createAdjustmentRepository(db);

  /** Grants with their member's and operators' names. */
  async function grantsOf(rows: readonly ProviderFreeRoundsRow[], tx?: DbOrTx): Promise<FreeRoundsGrant[]> {
    const operatorIds = rows.flatMap((row) => [row.requestedBy, row.decidedBy].filter((id) => id !== null));
    const names = {
      members: await members.usernamesOf(
        rows.map((row) => row.memberId),
        tx,
      ),
      operators: await deps.operatorNames(operatorIds, tx),
    };
    return rows.map((row) => grantOf(row, names));
  }
  const one = async (row: ProviderFreeRoundsRow, tx?: DbOrTx) => {
    const [grant] = await grantsOf([row], tx);
    if (!grant) throw new Error(`free rounds ${row.id} not named`);
    return grant;
  };
  const viewOf = async (id: string, tx?: DbOrTx) => one(await book.view(id, tx), tx);

  /** The same request again (its key) answers the first grant; with another body IDEMPOTENCY_CONFLICT. */
  async function replay(
    actor: AuditActor,
    request: GrantFreeRoundsRequest,
    memberId: string,
  ): Promise<FreeRoundsGrant> {
    const row = await book.byKey(merchantCode, request.idempotencyKey);
    if (!row) throw new Error(`free rounds key ${request.idempotencyKey} neither written nor found`);
    const same =
      row.memberId === memberId &&
      row.providerCode === request.providerCode &&
      row.gameId === request.gameId &&
      row.rounds === request.rounds &&
      row.roundValue === BigInt(request.roundValue) &&
      row.turnoverMultiple === request.turnoverMultiple &&
      row.reason === request.reason &&
      row.requestedBy === actor.operatorId;
    if (!same) throw new DomainError('IDEMPOTENCY_CONFLICT', { idempotencyKey: request.idempotencyKey });
    return viewOf(row.id);
  }

  /** Hands a given grant to its provider and audits what became of it. */
  async function deliver(actor: AuditActor, id: string): Promise<FreeRoundsGrant> {
    const before = await viewOf(id);
    const after = await one(await book.deliver(id));
    await audit.record(actor, {
      action: 'free_rounds.deliver',
      targetType: 'free_rounds',
      targetId: id,
      before,
      after,
    });
    return after;
  }

  return {
    /** The merchant's providers a grant may name (the form lists the enabled ones). */
    async providers(): Promise<AdminGameProviderList> {
      return { list: await deps.providers(merchantCode) };
    },

    async list(query: {
      status?: FreeRoundsStatus | undefined;
      pageNo: number;
      pageSize: number;
    }): Promise<FreeRoundsPage> {
      const { rows, total } = await book.page(merchantCode, query.status, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return { list: await grantsOf(rows), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },

    /**
     * A new grant to a real member: given at once within the limits (and handed to the provider), pending
     * beyond them. Unknown member 404; a trial member or an agent 403 FEATURE_NOT_ENABLED.
     */
    async grant(actor: AuditActor, request: GrantFreeRoundsRequest): Promise<FreeRoundsGrant> {
      const operatorId = actor.operatorId;
      if (operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      const target = await members.findByUsername(merchantCode, request.username);
      if (!target) throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
      if (!isRealMember(target.type))
        throw new DomainError('FEATURE_NOT_ENABLED', { reason: 'REAL_MEMBER_ONLY' });
      if (await book.byKey(merchantCode, request.idempotencyKey)) return replay(actor, request, target.id);
      let granted: FreeRoundsGrant;
      try {
        granted = await db.transaction(async (tx) => {
          await adjustments.lockCredits(merchantCode, tx);
          const now = clock();
          const since = dayStartIn(now, CONTROLS_DAY_UTC_OFFSET_HOURS);
          const where = { merchantCode, operatorId, memberId: target.id, since };
          const limits = await controls.current(tx);
          const value = BigInt(request.roundValue) * BigInt(request.rounds);
          const atOnce = appliesAtOnce(
            { direction: 'credit', amount: value },
            limits,
            await deps.usedAtOnce(where, tx),
          );
          const row = await book.insert(
            {
              merchantCode,
              providerCode: request.providerCode,
              memberId: target.id,
              gameId: request.gameId,
              rounds: request.rounds,
              roundValue: BigInt(request.roundValue),
              turnoverMultiple: request.turnoverMultiple,
              expiresAt: addMs(now, request.validDays * DAY_MS),
              status: atOnce ? 'undelivered' : 'pending',
              reason: request.reason,
              idempotencyKey: request.idempotencyKey,
              requestedBy: operatorId,
            },
            tx,
          );
          const created = await viewOf(row.id, tx);
          await audit.record(
            actor,
            { action: 'free_rounds.grant', targetType: 'free_rounds', targetId: row.id, after: created },
            tx,
          );
          return created;
        });
      } catch (error) {
        if (uniqueViolation(error) === 'provider_free_rounds_key') return replay(actor, request, target.id);
        throw error;
      }
      return granted.status === 'undelivered' ? deliver(actor, granted.id) : granted;
    },

    /**
     * Approves (then hands to the provider) or rejects a pending grant. Its requester cannot decide it
     * (SECOND_APPROVER_REQUIRED), nor can one who held their invitation link (APPROVER_NOT_INDEPENDENT). A
     * decided one is FREE_ROUNDS_CLOSED, except the same decision again by who made it.
     */
    async decide(actor: AuditActor, id: string, approve: boolean): Promise<FreeRoundsGrant> {
      const operatorId = actor.operatorId;
      if (operatorId === null) throw new DomainError('NOT_LOGGED_IN');
      let approved = false;
      const decided = await db.transaction(async (tx) => {
        const row = await book.lock(merchantCode, id, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'FREE_ROUNDS_NOT_FOUND' });
        if (row.status !== 'pending') {
          const repeated = row.decidedBy === operatorId && (row.status === 'rejected') === !approve;
          if (repeated) return viewOf(id, tx);
          throw new DomainError('FREE_ROUNDS_CLOSED', { status: row.status });
        }
        await assertIndependentChecker(tx, row.requestedBy ?? '', operatorId);
        const before = await viewOf(id, tx);
        await book.update(
          id,
          { status: approve ? 'undelivered' : 'rejected', decidedBy: operatorId, decidedAt: clock() },
          tx,
        );
        const after = await viewOf(id, tx);
        approved = approve;
        await audit.record(
          actor,
          {
            action: approve ? 'free_rounds.approve' : 'free_rounds.reject',
            targetType: 'free_rounds',
            targetId: id,
            before,
            after,
          },
          tx,
        );
        return after;
      });
      // A repeated approval answers as it stands: sending again is its own call.
      return approved ? deliver(actor, id) : decided;
    },

    /** Sends a grant the provider did not take again; any other is answered as it stands. */
    async deliverAgain(actor: AuditActor, id: string): Promise<FreeRoundsGrant> {
      const current = await viewOf(id);
      if (current.status !== 'undelivered') return current;
      return deliver(actor, id);
    },
  };
}

export type FreeRoundsAdmin = ReturnType<typeof createFreeRoundsAdmin>;
