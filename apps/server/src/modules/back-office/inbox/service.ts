import { TRIAL_MEMBER_TYPE, isTrialMember } from '@kl/contracts/accounts';
import type { AdminInboxSend, InboxAudience } from '@kl/contracts/admin/inbox';
import type { Clock } from '../../../platform/clock.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { DomainError } from '../../../platform/errors.ts';
import { selectMemberByUsername } from '../../../platform/member-lookup.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { localized, type TextInput } from '../localized.ts';
import { createInboxRepository, type InboxSendRow, type Recipients } from '../../content/index.ts';
import { createVipRepository } from '../../vip/index.ts';

/**
 * Inbox messages from the back office (docs/back-office.md, "Chat, feedback and inbox"): one message put in
 * the inbox of every member, of the members of a VIP level, or of one member, in one transaction with its
 * record (what, to whom, how many) and its audit. Trial members have no inbox and are never sent one
 * (product.md §6). The member reads it with the inbox calls, as any other message.
 */

/** What a send asks for, once validated. */
export interface SendInbox {
  title: TextInput;
  content: TextInput;
  audience: { kind: 'all' } | { kind: 'vip'; vipLevel: number } | { kind: 'member'; username: string };
}

export function adminInboxSendOf(row: InboxSendRow): AdminInboxSend {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    audience: row.audience,
    vipLevel: row.vipLevel,
    memberUsername: row.memberUsername,
    recipients: row.recipients,
    operatorUsername: row.operatorUsername,
    sentAt: row.sentAt.toISOString(),
  };
}

/** A member of the merchant by username, in any case. */
async function memberByUsername(tx: DbOrTx, merchantCode: string, username: string) {
  const [row] = await selectMemberByUsername(tx, merchantCode, username);
  return row;
}

export function createInboxSender(deps: { db: Db; clock: Clock; merchantCode: string; audit: AuditLog }) {
  const { db, clock, merchantCode, audit } = deps;
  // The content module's inbox: the one writer of inbox messages and sends; the VIP module's levels.
  const sends = createInboxRepository(db);
  const vip = createVipRepository(db);

  /**
   * The members of a VIP level: those whose paid deposits reach its threshold and not the next level's
   * (the VIP module's rule: the highest level whose threshold they reach). A merchant without levels has
   * everyone at level 0. An unknown level: 400.
   */
  async function paidRange(level: number, tx: DbOrTx): Promise<Recipients> {
    const levels = await vip.levels(merchantCode, tx);
    if (levels.length === 0 && level === 0) return { kind: 'all' };
    const own = levels.find((row) => row.level === level);
    if (!own)
      throw new DomainError('INVALID_INPUT', { field: 'audience.vipLevel', reason: 'UNKNOWN_VIP_LEVEL' });
    const higher = levels.filter((row) => row.level > level).map((row) => row.depositThreshold);
    const below = higher.length === 0 ? null : higher.reduce((low, value) => (value < low ? value : low));
    return { kind: 'paid', atLeast: own.depositThreshold, below };
  }

  return {
    async send(actor: AuditActor, request: SendInbox): Promise<AdminInboxSend> {
      const now = clock();
      const title = localized(request.title);
      const content = localized(request.content);
      const { audience } = request;
      return db.transaction(async (tx) => {
        let recipients: Recipients = { kind: 'all' };
        let target: { memberId: string; memberUsername: string } | undefined;
        if (audience.kind === 'vip') recipients = await paidRange(audience.vipLevel, tx);
        if (audience.kind === 'member') {
          const found = await memberByUsername(tx, merchantCode, audience.username);
          if (!found) throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
          if (isTrialMember(found.type)) {
            throw new DomainError('INVALID_INPUT', { field: 'audience.username', reason: 'TRIAL_MEMBER' });
          }
          recipients = { kind: 'member', memberId: found.id };
          target = { memberId: found.id, memberUsername: found.username };
        }
        const kind: InboxAudience = audience.kind;
        const created = await sends.insertInboxSend(
          {
            merchantCode,
            title,
            content,
            audience: kind,
            vipLevel: audience.kind === 'vip' ? audience.vipLevel : null,
            memberId: target?.memberId ?? null,
            memberUsername: target?.memberUsername ?? null,
            recipients: 0,
            operatorId: actor.operatorId,
            operatorUsername: actor.username,
            sentAt: now,
          },
          tx,
        );
        const delivered = await sends.deliverInboxSend(
          merchantCode,
          TRIAL_MEMBER_TYPE,
          recipients,
          { title, content, sentAt: now },
          tx,
        );
        const sent = adminInboxSendOf(await sends.setInboxSendRecipients(created.id, delivered, tx));
        await audit.record(
          actor,
          { action: 'inbox.send', targetType: 'inbox_send', targetId: String(sent.id), after: sent },
          tx,
        );
        return sent;
      });
    },

    /** What the back office sent, newest first. */
    async list(query: { pageNo: number; pageSize: number }) {
      const { rows, total } = await sends.inboxSendPage(
        merchantCode,
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return { list: rows.map(adminInboxSendOf), pageNo: query.pageNo, pageSize: query.pageSize, total };
    },
  };
}

export type InboxSender = ReturnType<typeof createInboxSender>;
