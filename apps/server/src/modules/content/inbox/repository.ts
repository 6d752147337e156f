import type { LocalizedText } from '@kl/contracts/content';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import {
  inboxMessage,
  inboxSend,
  type InboxMessageRow,
  type InboxSendRow,
  member,
} from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { paidDepositsOf } from '../../wallet/index.ts';

/**
 * Inbox queries (product.md §2 /m/webEmail and /m/message(s), §3 the inbox): a member's messages, read and
 * deleted marks, the welcome messages every member who may use the inbox gets once, and the back office's
 * sends (docs/back-office.md, "Chat, feedback and inbox"): a message put in many inboxes at once, with its
 * record.
 */

/** Which members a send reaches, once resolved: every member, those whose paid deposits fall in a range, one. */
export type Recipients =
  | { kind: 'all' }
  | { kind: 'paid'; atLeast: bigint; below: bigint | null }
  | { kind: 'member'; memberId: string };

/** The first row of an `execute` result, whichever driver answered. */
function firstRow(result: unknown): Record<string, unknown> | undefined {
  const rows = (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);
  return rows[0] as Record<string, unknown> | undefined;
}

/** A welcome message to give a member. */
export interface WelcomeMessage {
  welcomeKey: string;
  title: InboxMessageRow['title'];
  content: InboxMessageRow['content'];
  sentAt: Date;
}

/** Rows of an `execute` result, whichever driver answered. */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : Array.isArray(result) ? result.length : 0;
}

const liveInbox = (memberId: string) =>
  and(eq(inboxMessage.memberId, memberId), isNull(inboxMessage.deletedAt));

export function createInboxRepository(db: Db) {
  return {
    async welcomeKeysOf(memberId: string): Promise<Set<string>> {
      const rows = await db
        .select({ key: inboxMessage.welcomeKey })
        .from(inboxMessage)
        .where(and(eq(inboxMessage.memberId, memberId), isNotNull(inboxMessage.welcomeKey)));
      return new Set(rows.map((row) => row.key ?? ''));
    },

    /** Gives welcome messages to a member; one already given (even deleted since) is not given again. */
    async insertWelcome(
      merchantCode: string,
      memberId: string,
      messages: readonly WelcomeMessage[],
      tx?: DbOrTx,
    ) {
      if (messages.length === 0) return 0;
      const rows = await (tx ?? db)
        .insert(inboxMessage)
        .values(messages.map((message) => ({ merchantCode, memberId, ...message })))
        .onConflictDoNothing()
        .returning({ id: inboxMessage.id });
      return rows.length;
    },

    /** Puts one message in a member's inbox (a notice of the site to that member). */
    async insertMessage(
      merchantCode: string,
      memberId: string,
      message: Pick<InboxMessageRow, 'title' | 'content' | 'sentAt'>,
      tx?: DbOrTx,
    ): Promise<void> {
      await (tx ?? db).insert(inboxMessage).values({ merchantCode, memberId, ...message });
    },

    async memberCreatedAt(memberId: string, tx?: DbOrTx): Promise<Date | undefined> {
      const [row] = await (tx ?? db)
        .select({ createdAt: member.createdAt })
        .from(member)
        .where(eq(member.id, memberId));
      return row?.createdAt;
    },

    /**
     * Gives every member of the merchant who may use the inbox (not trial members) the welcome messages
     * they never had, in one statement; `secondsAfterJoining` places each after the member's sign-up.
     */
    async insertWelcomeForAll(
      merchantCode: string,
      trialType: number,
      templates: readonly (Omit<WelcomeMessage, 'sentAt'> & { secondsAfterJoining: number })[],
      tx?: DbOrTx,
    ): Promise<number> {
      if (templates.length === 0) return 0;
      const values = sql.join(
        templates.map(
          (template) =>
            sql`(${template.welcomeKey}, ${JSON.stringify(template.title)}::jsonb, ${JSON.stringify(template.content)}::jsonb, ${template.secondsAfterJoining}::int)`,
        ),
        sql`, `,
      );
      const result = await (tx ?? db).execute(sql`
        insert into ${inboxMessage} (merchant_code, member_id, welcome_key, title, content, sent_at)
        select ${member.merchantCode}, ${member.id}, w.welcome_key, w.title, w.content,
               ${member.createdAt} + w.seconds * interval '1 second'
        from ${member} cross join (values ${values}) as w(welcome_key, title, content, seconds)
        where ${member.merchantCode} = ${merchantCode} and ${member.type} <> ${trialType}
          and not exists (
            select 1 from ${inboxMessage} m
            where m.member_id = ${member.id} and m.welcome_key = w.welcome_key
          )
        on conflict do nothing
        returning id`);
      return rowCount(result);
    },

    async inboxPage(memberId: string, limit: number, offset: number) {
      const where = liveInbox(memberId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(inboxMessage)
          .where(where)
          .orderBy(desc(inboxMessage.sentAt), desc(inboxMessage.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(inboxMessage).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async inboxUnreadCount(memberId: string) {
      const [row] = await db
        .select({ total: count() })
        .from(inboxMessage)
        .where(and(liveInbox(memberId), isNull(inboxMessage.readAt)));
      return row?.total ?? 0;
    },

    /** Marks a message of the member read (keeping the first time) and answers it; undefined when not theirs. */
    async readInboxMessage(memberId: string, id: number, at: Date) {
      const [updated] = await db
        .update(inboxMessage)
        .set({ readAt: sql`coalesce(${inboxMessage.readAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(liveInbox(memberId), eq(inboxMessage.id, id)))
        .returning();
      return updated;
    },

    /** Deletes a message of the member; 'gone' when it was already deleted, undefined when not theirs. */
    async deleteInboxMessage(
      memberId: string,
      id: number,
      at: Date,
    ): Promise<'deleted' | 'gone' | undefined> {
      const [deleted] = await db
        .update(inboxMessage)
        .set({ deletedAt: at })
        .where(and(liveInbox(memberId), eq(inboxMessage.id, id)))
        .returning({ id: inboxMessage.id });
      if (deleted) return 'deleted';
      const [earlier] = await db
        .select({ id: inboxMessage.id })
        .from(inboxMessage)
        .where(and(eq(inboxMessage.memberId, memberId), eq(inboxMessage.id, id)));
      return earlier ? 'gone' : undefined;
    },

    async insertInboxSend(row: typeof inboxSend.$inferInsert, tx: DbOrTx): Promise<InboxSendRow> {
      const [created] = await tx.insert(inboxSend).values(row).returning();
      if (!created) throw new Error('inbox send not inserted');
      return created;
    },

    async setInboxSendRecipients(id: number, recipients: number, tx: DbOrTx): Promise<InboxSendRow> {
      const [row] = await tx.update(inboxSend).set({ recipients }).where(eq(inboxSend.id, id)).returning();
      if (!row) throw new Error(`inbox send ${id} vanished`);
      return row;
    },

    /**
     * Puts a sent message in the inbox of every recipient who is not a trial member, in one statement;
     * answers how many inboxes received it.
     */
    async deliverInboxSend(
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
        const paid = paidDepositsOf(member.id, member.merchantCode);
        conditions.push(sql`${paid} >= ${recipients.atLeast.toString()}::numeric`);
        if (recipients.below !== null) {
          conditions.push(sql`${paid} < ${recipients.below.toString()}::numeric`);
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

    /** The back office's sends, newest first. */
    async inboxSendPage(merchantCode: string, limit: number, offset: number) {
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

export type InboxRepository = ReturnType<typeof createInboxRepository>;
