import { and, desc, eq, gt, isNull, ne, type SQL, sql, type SQLWrapper } from 'drizzle-orm';
import { member, memberSession, type MemberRow, type MemberSessionRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** When the member of the outer query last logged in: their newest session's start (null: never). */
export function lastLoginOf(memberId: SQLWrapper): SQL<Date | null> {
  return sql<Date | null>`(select max(s.created_at) from ${memberSession} s
    where s.member_id = ${memberId})`.mapWith(memberSession.createdAt);
}

/** The session of a token digest with its member: the builder, on the database or a transaction. */
const byTokenHash = (on: DbOrTx) =>
  on
    .select({ session: memberSession, member })
    .from(memberSession)
    .innerJoin(member, eq(member.id, memberSession.memberId))
    .where(eq(memberSession.tokenHash, sql.placeholder('tokenHash')))
    .limit(1);

export function createSessionRepository(db: Db) {
  // Every call of a member reads its session: built once and prepared on each connection, instead of built
  // and parsed again per call (docs/decisions/038-money-functions.md).
  const preparedByTokenHash = byTokenHash(db).prepare('member_session_by_token_hash');
  return {
    async insert(row: typeof memberSession.$inferInsert, tx?: DbOrTx): Promise<MemberSessionRow> {
      const [created] = await (tx ?? db).insert(memberSession).values(row).returning();
      if (!created) throw new Error('member_session insert returned nothing');
      return created;
    },

    async hasAnySession(memberId: string, tx?: DbOrTx): Promise<boolean> {
      const [row] = await (tx ?? db)
        .select({ id: memberSession.id })
        .from(memberSession)
        .where(eq(memberSession.memberId, memberId))
        .limit(1);
      return row !== undefined;
    },

    /** The User-Agent of each of the member's latest `limit` sessions, newest first. */
    async userAgentsOf(memberId: string, limit: number, tx?: DbOrTx): Promise<(string | null)[]> {
      const rows = await (tx ?? db)
        .select({ userAgent: memberSession.userAgent })
        .from(memberSession)
        .where(eq(memberSession.memberId, memberId))
        .orderBy(desc(memberSession.createdAt))
        .limit(limit);
      return rows.map((row) => row.userAgent);
    },

    /** The session of a token digest with its member, whatever its state. */
    async findByTokenHash(
      tokenHash: string,
      tx?: DbOrTx,
    ): Promise<{ session: MemberSessionRow; member: MemberRow } | undefined> {
      const [row] = await (tx ? byTokenHash(tx) : preparedByTokenHash).execute({ tokenHash });
      return row;
    },

    /**
     * Moves a live session's expiry to `now` + its own idle minutes, capped at its creation + `maxMs`;
     * undefined when the session is no longer live.
     */
    async renew(id: string, now: Date, maxMs: number, tx?: DbOrTx): Promise<MemberSessionRow | undefined> {
      const cap = sql`${memberSession.createdAt} + make_interval(secs => ${maxMs / 1000})`;
      const idleUntil = sql`${now.toISOString()}::timestamptz + make_interval(mins => ${memberSession.idleMinutes})`;
      const [row] = await (tx ?? db)
        .update(memberSession)
        .set({ renewedAt: now, expiresAt: sql`least(${idleUntil}, ${cap})` })
        .where(
          and(eq(memberSession.id, id), isNull(memberSession.revokedAt), gt(memberSession.expiresAt, now)),
        )
        .returning();
      return row;
    },

    async revoke(id: string, now: Date, tx?: DbOrTx): Promise<void> {
      await (tx ?? db)
        .update(memberSession)
        .set({ revokedAt: now })
        .where(and(eq(memberSession.id, id), isNull(memberSession.revokedAt)));
    },

    /** Revokes every live session of a member, except `keepId` when given; answers how many. */
    async revokeAllOf(memberId: string, now: Date, keepId?: string, tx?: DbOrTx): Promise<number> {
      const rows = await (tx ?? db)
        .update(memberSession)
        .set({ revokedAt: now })
        .where(
          and(
            eq(memberSession.memberId, memberId),
            isNull(memberSession.revokedAt),
            keepId === undefined ? sql`true` : ne(memberSession.id, keepId),
          ),
        )
        .returning({ id: memberSession.id });
      return rows.length;
    },

    /**
     * Ends a member's open sessions (neither revoked nor expired), all of them, all but `except`, or only
     * `only`; answers how many.
     */
    async revokeOpenOf(
      memberId: string,
      now: Date,
      tx: DbOrTx | undefined,
      which: { except?: string; only?: string } = {},
    ): Promise<number> {
      const ended = await (tx ?? db)
        .update(memberSession)
        .set({ revokedAt: now })
        .where(
          and(
            eq(memberSession.memberId, memberId),
            isNull(memberSession.revokedAt),
            gt(memberSession.expiresAt, now),
            which.except === undefined ? undefined : ne(memberSession.id, which.except),
            which.only === undefined ? undefined : eq(memberSession.id, which.only),
          ),
        )
        .returning({ id: memberSession.id });
      return ended.length;
    },

    /** A member's open sessions (neither revoked nor expired), the most recently renewed first. */
    async openOf(memberId: string, now: Date): Promise<MemberSessionRow[]> {
      return db
        .select()
        .from(memberSession)
        .where(
          and(
            eq(memberSession.memberId, memberId),
            isNull(memberSession.revokedAt),
            gt(memberSession.expiresAt, now),
          ),
        )
        .orderBy(desc(memberSession.renewedAt), desc(memberSession.id));
    },

    /** A member's newest sessions, open or not. */
    async newestOf(memberId: string, limit: number): Promise<MemberSessionRow[]> {
      return db
        .select()
        .from(memberSession)
        .where(eq(memberSession.memberId, memberId))
        .orderBy(desc(memberSession.createdAt), desc(memberSession.id))
        .limit(limit);
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
