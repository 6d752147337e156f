import { and, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { inboxMessage, member, type InboxMessageRow } from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';

/**
 * Inbox queries (product.md §2 /m/webEmail and /m/message(s), §3 the inbox): a member's messages, read and
 * deleted marks, and the welcome messages every member who may use the inbox gets once.
 */

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
  };
}

export type InboxRepository = ReturnType<typeof createInboxRepository>;
