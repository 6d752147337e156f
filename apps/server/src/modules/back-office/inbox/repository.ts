import type { LocalizedText } from '@kl/contracts/content';
import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  inboxMessage,
  inboxSend,
  type InboxSendRow,
  ledgerTransaction,
  member,
  vipLevel,
} from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { selectMemberByUsername } from '../../../platform/member-lookup.ts';

/** Which members a send reaches, once resolved: every member, those whose paid deposits fall in a range, one. */
export type Recipients =
  | { kind: 'all' }
  | { kind: 'paid'; atLeast: bigint; below: bigint | null }
  | { kind: 'member'; memberId: string };

/**
 * The paid deposits of the member row of the outer query, as the VIP module counts them for the level
 * (modules/vip/repository.ts, paidDeposits): the sum of their real-money ledger deposits.
 */
const paidDepositsOfMember = sql`(select coalesce(sum(t.amount), 0) from ${ledgerTransaction} t
  where t.member_id = ${member.id} and t.merchant_code = ${member.merchantCode}
    and t.kind = 'deposit' and t.demo = false)`;

/** The first row of an `execute` result, whichever driver answered. */
function firstRow(result: unknown): Record<string, unknown> | undefined {
  const rows = (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);
  return rows[0] as Record<string, unknown> | undefined;
}

/** Inbox sends of the back office and the inbox messages they put in members' inboxes. */
export function createInboxSendRepository(db: Db) {
  return {
    /** The merchant's VIP levels, lowest first. */
    async vipLevels(merchantCode: string, tx: DbOrTx = db) {
      return tx
        .select({ level: vipLevel.level, depositThreshold: vipLevel.depositThreshold })
        .from(vipLevel)
        .where(eq(vipLevel.merchantCode, merchantCode))
        .orderBy(asc(vipLevel.level));
    },

    /** A member of the merchant by username, in any case. */
    async memberByUsername(merchantCode: string, username: string, tx: DbOrTx = db) {
      const [row] = await selectMemberByUsername(tx, merchantCode, username);
      return row;
    },

    async insertSend(row: typeof inboxSend.$inferInsert, tx: DbOrTx): Promise<InboxSendRow> {
      const [created] = await tx.insert(inboxSend).values(row).returning();
      if (!created) throw new Error('inbox send not inserted');
      return created;
    },

    async setRecipients(id: number, recipients: number, tx: DbOrTx): Promise<InboxSendRow> {
      const [row] = await tx.update(inboxSend).set({ recipients }).where(eq(inboxSend.id, id)).returning();
      if (!row) throw new Error(`inbox send ${id} vanished`);
      return row;
    },

    /**
     * Puts the message in the inbox of every recipient who is not a trial member, in one statement;
     * answers how many inboxes received it.
     */
    async deliver(
      merchantCode: string,
      trialType: number,
      recipients: Recipients,
      message: { title: LocalizedText; content: LocalizedText; sentAt: Date },
      tx: DbOrTx,
    ): Promise<number> {
      const conditions: SQL[] = [
        sql`${member.merchantCode} = ${merchantCode}`,
        sql`${member.type} <> ${trialType}`,
      ];
      if (recipients.kind === 'member') conditions.push(sql`${member.id} = ${recipients.memberId}`);
      if (recipients.kind === 'paid') {
        conditions.push(sql`${paidDepositsOfMember} >= ${recipients.atLeast.toString()}::numeric`);
        if (recipients.below !== null) {
          conditions.push(sql`${paidDepositsOfMember} < ${recipients.below.toString()}::numeric`);
        }
      }
      const result = await tx.execute(sql`
        with delivered as (
          insert into ${inboxMessage} (merchant_code, member_id, title, content, sent_at)
          select ${member.merchantCode}, ${member.id}, ${JSON.stringify(message.title)}::jsonb,
                 ${JSON.stringify(message.content)}::jsonb, ${message.sentAt.toISOString()}::timestamptz
          from ${member}
          where ${sql.join(conditions, sql` and `)}
          returning 1
        )
        select count(*)::int as delivered from delivered`);
      return Number(firstRow(result)?.delivered ?? 0);
    },

    /** Newest first. */
    async page(merchantCode: string, limit: number, offset: number) {
      const where = eq(inboxSend.merchantCode, merchantCode);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(inboxSend)
          .where(where)
          .orderBy(desc(inboxSend.sentAt), desc(inboxSend.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(inboxSend).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
  };
}

export type InboxSendRepository = ReturnType<typeof createInboxSendRepository>;
