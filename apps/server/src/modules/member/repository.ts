import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { member, type MemberRow, type NewMemberRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';

/** The first member the condition matches, if any. */
async function firstMember(tx: DbOrTx, where: SQL | undefined): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(member).where(where).limit(1);
  return row;
}

/** Members of a merchant. Usernames compare without regard to case. */
export function createMemberRepository(db: Db) {
  return {
    async findById(id: string, tx?: DbOrTx): Promise<MemberRow | undefined> {
      return firstMember(tx ?? db, eq(member.id, id));
    },

    async findByUsername(
      merchantCode: string,
      username: string,
      tx?: DbOrTx,
    ): Promise<MemberRow | undefined> {
      return firstMember(
        tx ?? db,
        and(eq(member.merchantCode, merchantCode), sql`lower(${member.username}) = lower(${username})`),
      );
    },

    async findByMobile(
      merchantCode: string,
      countryDialingCode: string,
      mobileNum: string,
      tx?: DbOrTx,
    ): Promise<MemberRow | undefined> {
      return firstMember(
        tx ?? db,
        and(
          eq(member.merchantCode, merchantCode),
          eq(member.countryDialingCode, countryDialingCode),
          eq(member.mobileNum, mobileNum),
        ),
      );
    },

    /** Members with this e-mail (an e-mail is not unique), active ones only. */
    async findByEmail(merchantCode: string, email: string, tx?: DbOrTx): Promise<MemberRow[]> {
      return (tx ?? db)
        .select()
        .from(member)
        .where(
          and(
            eq(member.merchantCode, merchantCode),
            sql`lower(${member.email}) = lower(${email})`,
            isNull(member.disabledAt),
          ),
        )
        .limit(10);
    },

    /** Inserts a member; undefined when the username or the mobile number is already taken. */
    async insert(row: NewMemberRow, tx?: DbOrTx): Promise<MemberRow | undefined> {
      const [created] = await (tx ?? db).insert(member).values(row).onConflictDoNothing().returning();
      return created;
    },

    async setPassword(id: string, passwordHash: string, now: Date, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).update(member).set({ passwordHash, updatedAt: now }).where(eq(member.id, id));
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
