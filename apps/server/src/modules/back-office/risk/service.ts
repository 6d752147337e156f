import type {
  MemberRestrictionKind,
  MemberRisk,
  RiskSignal,
  RiskSignalKind,
  RiskSignalPage,
  RiskSignalStatus,
} from '@kl/contracts/admin/risk';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx, Tx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { createMemberRepository, memberUsername } from '../../member/index.ts';
import { createRiskRepository, type RiskRepository } from '../../risk/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import type { OperatorRepository } from '../operator-repository.ts';

type SignalRow = Awaited<ReturnType<RiskRepository['signalPage']>>['rows'][number];

function operatorIdOf(actor: AuditActor): string {
  if (!actor.operatorId) throw new DomainError('PERMISSION_DENIED');
  return actor.operatorId;
}

/**
 * The risk queue, and operators' notes, tags and restrictions on members (docs/back-office.md, "Risk
 * queue, notes, tags and restrictions"). Every change is audited in its transaction, the member's row
 * locked (a withdrawal request locks it too, so a restriction and a request do not cross).
 */
export function createRiskDesk(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  operators: Pick<OperatorRepository, 'usernamesOf'>;
}) {
  const { db, clock, merchantCode, audit, operators } = deps;
  const risk = createRiskRepository(db);
  const members = createMemberRepository(db);

  async function lockMember(memberId: string, tx: Tx) {
    const row = await members.lockOfMerchant(merchantCode, memberId, tx);
    if (!row) throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
    return row;
  }

  async function memberRisk(memberId: string, tx: DbOrTx = db): Promise<MemberRisk> {
    // One after the other: a transaction's connection takes one query at a time.
    const notes = await risk.notesOf(memberId, tx);
    const tags = await risk.tagsOf(memberId, tx);
    const restrictions = await risk.restrictionsOf(memberId, tx);
    const names = await operators.usernamesOf(
      restrictions.map((row) => row.restrictedBy),
      tx,
    );
    return {
      notes: notes.map((note) => ({
        id: note.id,
        text: note.text,
        operator: note.operatorUsername,
        createdAt: note.createdAt.toISOString(),
      })),
      tags,
      restrictions: restrictions.map((row) => ({
        kind: row.kind,
        reason: row.reason,
        operator: names.get(row.restrictedBy) ?? '',
        restrictedAt: row.restrictedAt.toISOString(),
      })),
    };
  }

  function signalOf(row: SignalRow, reviewers: Map<string, string>): RiskSignal {
    const { signal } = row;
    return {
      id: signal.id,
      kind: signal.kind,
      createdAt: signal.createdAt.toISOString(),
      member: { id: signal.memberId, username: row.username },
      otherMember:
        signal.otherMemberId === null ? null : { id: signal.otherMemberId, username: row.otherUsername },
      detail: signal.detail,
      status: signal.reviewedAt === null ? 'open' : 'reviewed',
      reviewedAt: signal.reviewedAt?.toISOString() ?? null,
      reviewedBy: signal.reviewedBy === null ? null : (reviewers.get(signal.reviewedBy) ?? null),
      reviewNote: signal.reviewNote,
    };
  }

  const reviewersOf = (rows: readonly SignalRow[], tx: DbOrTx = db) =>
    operators.usernamesOf(
      rows.flatMap((row) => (row.signal.reviewedBy ? [row.signal.reviewedBy] : [])),
      tx,
    );

  return {
    /** The member's notes, tags and restrictions; NOT_FOUND for another merchant's. */
    async memberRisk(memberId: string): Promise<MemberRisk> {
      if (!(await members.findForOperators(merchantCode, memberId, WALLET_CURRENCY))) {
        throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
      }
      return memberRisk(memberId);
    },

    /** Adds a note; notes are never changed (a correction is a new note). */
    async addNote(actor: AuditActor, memberId: string, request: { text: string }): Promise<MemberRisk> {
      return db.transaction(async (tx) => {
        const row = await lockMember(memberId, tx);
        const note = await risk.insertNote(
          {
            merchantCode,
            memberId,
            text: request.text,
            operatorId: operatorIdOf(actor),
            operatorUsername: actor.username,
            createdAt: clock(),
          },
          tx,
        );
        await audit.record(
          actor,
          {
            action: 'member.note',
            targetType: 'member',
            targetId: memberId,
            after: { username: row.username, noteId: note.id, text: note.text },
          },
          tx,
        );
        return memberRisk(memberId, tx);
      });
    },

    /** The merchant's tags with how many members carry each. */
    async tags() {
      return { list: await risk.vocabulary(merchantCode) };
    },

    /** Tags the member by name (a new name joins the merchant's tags); tagging twice changes nothing. */
    async addTag(actor: AuditActor, memberId: string, request: { name: string }): Promise<MemberRisk> {
      return db.transaction(async (tx) => {
        const row = await lockMember(memberId, tx);
        const before = (await risk.tagsOf(memberId, tx)).map((tag) => tag.name);
        const now = clock();
        const tag = await risk.tagNamed(merchantCode, request.name, now, tx);
        const added = await risk.link(
          { memberId, tagId: tag.id, addedBy: operatorIdOf(actor), addedAt: now },
          tx,
        );
        if (added) {
          const after = (await risk.tagsOf(memberId, tx)).map((each) => each.name);
          await audit.record(
            actor,
            {
              action: 'member.tag',
              targetType: 'member',
              targetId: memberId,
              before: { username: row.username, tags: before },
              after: { username: row.username, tags: after, added: tag.name },
            },
            tx,
          );
        }
        return memberRisk(memberId, tx);
      });
    },

    /** Takes a tag off the member (it stays in the merchant's tags); NOT_FOUND for an unknown tag. */
    async removeTag(actor: AuditActor, memberId: string, tagId: number): Promise<MemberRisk> {
      return db.transaction(async (tx) => {
        const row = await lockMember(memberId, tx);
        const tag = await risk.tagOfMerchant(merchantCode, tagId, tx);
        if (!tag) throw new DomainError('NOT_FOUND', { reason: 'TAG_NOT_FOUND' });
        const before = (await risk.tagsOf(memberId, tx)).map((each) => each.name);
        if (await risk.unlink(memberId, tagId, tx)) {
          await audit.record(
            actor,
            {
              action: 'member.tag',
              targetType: 'member',
              targetId: memberId,
              before: { username: row.username, tags: before },
              after: {
                username: row.username,
                tags: before.filter((name) => name !== tag.name),
                removed: tag.name,
              },
            },
            tx,
          );
        }
        return memberRisk(memberId, tx);
      });
    },

    /**
     * Restricts the member from bonuses or withdrawals, or lifts it, with why. Restricting a restricted
     * member, or lifting what is not there, writes nothing.
     */
    async setRestriction(
      actor: AuditActor,
      memberId: string,
      kind: MemberRestrictionKind,
      request: { restricted: boolean; reason: string },
    ): Promise<MemberRisk> {
      return db.transaction(async (tx) => {
        const row = await lockMember(memberId, tx);
        const existing = await risk.restrictionOf(memberId, kind, tx);
        if (request.restricted === Boolean(existing)) return memberRisk(memberId, tx);
        const now = clock();
        if (request.restricted) {
          await risk.restrict(
            {
              memberId,
              kind,
              merchantCode,
              reason: request.reason,
              restrictedBy: operatorIdOf(actor),
              restrictedAt: now,
            },
            tx,
          );
        } else {
          await risk.lift(memberId, kind, tx);
        }
        await audit.record(
          actor,
          {
            action: request.restricted ? 'member.restrict' : 'member.unrestrict',
            targetType: 'member',
            targetId: memberId,
            before: {
              username: row.username,
              kind,
              restricted: Boolean(existing),
              ...(existing && { reason: existing.reason, restrictedAt: existing.restrictedAt }),
            },
            after: { username: row.username, kind, restricted: request.restricted, reason: request.reason },
          },
          tx,
        );
        return memberRisk(memberId, tx);
      });
    },

    /** The risk queue, newest first. */
    async signals(query: {
      kind?: RiskSignalKind | undefined;
      status?: RiskSignalStatus | undefined;
      pageNo: number;
      pageSize: number;
    }): Promise<RiskSignalPage> {
      const { rows, total } = await risk.signalPage(memberUsername, merchantCode, query, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      const reviewers = await reviewersOf(rows);
      return {
        list: rows.map((row) => signalOf(row, reviewers)),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      };
    },

    /**
     * Marks a signal reviewed with a note, once: another review of it is RISK_SIGNAL_REVIEWED (the first
     * stands), except the same operator's second click with the same note, which answers it unchanged.
     */
    async review(actor: AuditActor, signalId: number, request: { note: string }): Promise<RiskSignal> {
      const operatorId = operatorIdOf(actor);
      return db.transaction(async (tx) => {
        const row = await risk.lockSignal(memberUsername, merchantCode, signalId, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'RISK_SIGNAL_NOT_FOUND' });
        if (row.signal.reviewedAt !== null) {
          if (row.signal.reviewedBy === operatorId && row.signal.reviewNote === request.note) {
            return signalOf(row, await reviewersOf([row], tx));
          }
          throw new DomainError('RISK_SIGNAL_REVIEWED');
        }
        const review = { reviewedAt: clock(), reviewedBy: operatorId, reviewNote: request.note };
        await risk.markReviewed(signalId, review, tx);
        await audit.record(
          actor,
          {
            action: 'risk_signal.review',
            targetType: 'risk_signal',
            targetId: String(signalId),
            before: { kind: row.signal.kind, status: 'open' },
            after: { kind: row.signal.kind, status: 'reviewed', note: request.note },
          },
          tx,
        );
        const reviewed = { ...row, signal: { ...row.signal, ...review } };
        return signalOf(reviewed, new Map([[operatorId, actor.username]]));
      });
    },
  };
}
export type RiskDesk = ReturnType<typeof createRiskDesk>;
