import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import type { MEMBER_SEARCH_FIELDS } from '@kl/contracts/admin/members';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { member, type MemberRow, type NewMemberRow } from '../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { keysetAfter } from '../../platform/keyset.ts';
import { prefixPattern } from '../../platform/like-pattern.ts';
import { lastLoginOf } from '../auth/index.ts';
import { memberTagged } from '../risk/index.ts';
import { availableBalanceOf } from '../wallet/index.ts';
import { boundBankAccount } from '../withdrawal/index.ts';

/** The first member the condition matches, if any. */
async function firstMember(tx: DbOrTx, where: SQL | undefined): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(member).where(where).limit(1);
  return row;
}

export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];

/**
 * The outer row's member id, qualified: drizzle writes the columns of a one-table select without their
 * table, which a correlated subquery would read as its own.
 */
const MEMBER_ID = sql.raw('"member"."id"');

/**
 * The condition of one search field of the back office, or undefined when the text cannot match that
 * field (a mobile search without a digit). Username: from the start, in any case. Mobile: the digits
 * anywhere in the dialing code and number (`0912…`, `912…` and `+84 912…` all find +84 912345678).
 * E-mail: the whole address, in any case. Bank account: a number the member bound, also one removed
 * since. Register IP: exact.
 */
function fieldCondition(field: Exclude<MemberSearchField, 'any'>, text: string): SQL | undefined {
  switch (field) {
    case 'username':
      return ilike(member.username, prefixPattern(text));
    case 'mobile': {
      const digits = text.replace(/\D/g, '').replace(/^0+/, '');
      if (digits.length === 0) return undefined;
      return sql`(regexp_replace(coalesce(${member.countryDialingCode}, ''), '[^0-9]', '', 'g') || ${member.mobileNum}) like ${`%${digits}%`}`;
    }
    case 'email':
      return sql`lower(${member.email}) = lower(${text})`;
    case 'bankAccount':
      return boundBankAccount(MEMBER_ID, text.replace(/\s+/g, ''));
    case 'registerIp':
      return eq(member.registerIp, text);
  }
}

const SEARCHED = ['username', 'mobile', 'email', 'bankAccount', 'registerIp'] as const;

/** What the back office's member list is narrowed by (docs/back-office.md, "Members"). */
export interface OperatorMemberFilter {
  merchantCode: string;
  currency: string;
  /** Looked for in `field`, or in every field for `any`. */
  text: string | undefined;
  field: MemberSearchField;
  /** Members carrying this tag of the risk module's vocabulary. */
  tagId?: number | undefined;
}

function operatorCondition(filter: OperatorMemberFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(member.merchantCode, filter.merchantCode)];
  if (filter.text) {
    const text = filter.text;
    const fields = filter.field === 'any' ? SEARCHED : [filter.field];
    const conditions = fields.map((field) => fieldCondition(field, text)).filter((c) => c !== undefined);
    where.push(conditions.length === 0 ? sql`false` : or(...conditions));
  }
  if (filter.tagId !== undefined) where.push(memberTagged(MEMBER_ID, filter.tagId));
  return and(...where);
}

/** The columns of the back office's member list: the outer member's balance (play money for a trial member). */
const listColumns = (currency: string) => ({
  id: member.id,
  username: member.username,
  type: member.type,
  countryDialingCode: member.countryDialingCode,
  mobileNum: member.mobileNum,
  email: member.email,
  createdAt: member.createdAt,
  registerIp: member.registerIp,
  disabledAt: member.disabledAt,
  available: availableBalanceOf(
    MEMBER_ID,
    currency,
    sql`("member"."type" = ${sql.raw(String(TRIAL_MEMBER_TYPE))})`,
  ),
  lastLoginAt: lastLoginOf(MEMBER_ID),
});

/**
 * Members of a merchant, as they register and log in and as the back office finds, reads and disables them
 * (docs/back-office.md, "Members"). Usernames compare without regard to case.
 */
export function createMemberRepository(db: Db) {
  /**
   * Up to `page.limit` of the merchant's members matching the filter, newest first: after `page.offset`
   * rows, or after the member `page.after` (an export reading the whole list).
   */
  async function operatorRows(
    filter: OperatorMemberFilter,
    page: { limit: number; offset?: number; after?: string },
  ) {
    const where = [operatorCondition(filter)];
    if (page.after !== undefined) {
      where.push(keysetAfter(member, member.createdAt, member.id, { after: page.after, direction: 'desc' }));
    }
    return db
      .select(listColumns(filter.currency))
      .from(member)
      .where(and(...where))
      .orderBy(desc(member.createdAt), desc(member.id))
      .limit(page.limit)
      .offset(page.offset ?? 0);
  }

  /** How many of the merchant's members match the filter. */
  async function operatorCount(filter: OperatorMemberFilter): Promise<number> {
    const [row] = await db.select({ total: count() }).from(member).where(operatorCondition(filter));
    return row?.total ?? 0;
  }

  return {
    /** Usernames by member id (a list naming its members). */
    async usernamesOf(ids: readonly string[], tx: DbOrTx = db): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await tx
        .select({ id: member.id, username: member.username })
        .from(member)
        .where(inArray(member.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row.username]));
    },

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

    /**
     * Members who verified this e-mail (an e-mail is not unique), active ones only: a link that proves
     * who a person is goes only to an address its member showed to be theirs (docs/decisions/059-member-contacts.md).
     */
    async findByVerifiedEmail(merchantCode: string, email: string, tx?: DbOrTx): Promise<MemberRow[]> {
      return (tx ?? db)
        .select()
        .from(member)
        .where(
          and(
            eq(member.merchantCode, merchantCode),
            sql`lower(${member.email}) = lower(${email})`,
            isNotNull(member.emailVerifiedAt),
            isNull(member.disabledAt),
          ),
        )
        .limit(10);
    },

    /** The member, locked until the transaction ends. */
    async lock(id: string, tx: DbOrTx): Promise<MemberRow | undefined> {
      const [row] = await tx.select().from(member).where(eq(member.id, id)).for('update');
      return row;
    },

    /** A new e-mail address, not verified yet. */
    async setEmail(id: string, email: string, now: Date, tx: DbOrTx): Promise<void> {
      await tx.update(member).set({ email, emailVerifiedAt: null, updatedAt: now }).where(eq(member.id, id));
    },

    /**
     * Marks the member's e-mail verified if it is still `email` and the member is active; answers whether
     * it did (a link to an address since changed verifies nothing).
     */
    async verifyEmail(id: string, email: string, now: Date, tx: DbOrTx): Promise<boolean> {
      const rows = await tx
        .update(member)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(
          and(eq(member.id, id), sql`lower(${member.email}) = lower(${email})`, isNull(member.disabledAt)),
        )
        .returning({ id: member.id });
      return rows.length > 0;
    },

    /** A new mobile number; the unique index refuses one another member of the merchant has. */
    async setMobile(
      id: string,
      mobile: { countryDialingCode: string; mobileNum: string },
      now: Date,
      tx: DbOrTx,
    ): Promise<void> {
      await tx
        .update(member)
        .set({ countryDialingCode: mobile.countryDialingCode, mobileNum: mobile.mobileNum, updatedAt: now })
        .where(eq(member.id, id));
    },

    /** Inserts a member; undefined when the username or the mobile number is already taken. */
    async insert(row: NewMemberRow, tx?: DbOrTx): Promise<MemberRow | undefined> {
      const [created] = await (tx ?? db).insert(member).values(row).onConflictDoNothing().returning();
      return created;
    },

    async setPassword(id: string, passwordHash: string, now: Date, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).update(member).set({ passwordHash, updatedAt: now }).where(eq(member.id, id));
    },

    async setNickname(id: string, nickname: string | null, now: Date, tx?: DbOrTx): Promise<void> {
      await (tx ?? db).update(member).set({ nickname, updatedAt: now }).where(eq(member.id, id));
    },

    /**
     * Sets the birthday of a member who has none, in one statement, so that two requests at once set it
     * once; answers the birthday the member has afterwards (the other one's, when it came first).
     */
    async setBirthdayOnce(id: string, birthday: string, now: Date, tx?: DbOrTx): Promise<string | null> {
      const runner = tx ?? db;
      const [set] = await runner
        .update(member)
        .set({ birthday, updatedAt: now })
        .where(and(eq(member.id, id), isNull(member.birthday)))
        .returning({ birthday: member.birthday });
      if (set) return set.birthday;
      const [row] = await runner.select({ birthday: member.birthday }).from(member).where(eq(member.id, id));
      return row?.birthday ?? null;
    },

    /** A page of the merchant's members matching the filter, newest first, and how many match. */
    async searchForOperators(filter: OperatorMemberFilter, page: { limit: number; offset: number }) {
      const [rows, total] = await Promise.all([operatorRows(filter, page), operatorCount(filter)]);
      return { rows, total };
    },

    operatorRows,
    operatorCount,

    /** The merchant's member with the columns of the back office's list and profile; undefined for anyone else. */
    async findForOperators(merchantCode: string, memberId: string, currency: string) {
      const [row] = await db
        .select({
          ...listColumns(currency),
          nickname: member.nickname,
          payeeName: member.payeeName,
          affiliateCode: member.affiliateCode,
        })
        .from(member)
        .where(and(eq(member.merchantCode, merchantCode), eq(member.id, memberId)));
      return row;
    },

    /** The merchant's member, locked until the transaction ends. */
    async lockOfMerchant(merchantCode: string, memberId: string, tx: DbOrTx) {
      const [row] = await tx
        .select({
          id: member.id,
          username: member.username,
          email: member.email,
          emailVerifiedAt: member.emailVerifiedAt,
          payeeName: member.payeeName,
          disabledAt: member.disabledAt,
        })
        .from(member)
        .where(and(eq(member.merchantCode, merchantCode), eq(member.id, memberId)))
        .for('update');
      return row;
    },

    /**
     * Registers the payee name of a member who has none (an approved identity document's name;
     * docs/decisions/057-know-your-customer.md); answers whether it was written.
     */
    async setPayeeNameIfNone(memberId: string, payeeName: string, now: Date, tx: DbOrTx): Promise<boolean> {
      const rows = await tx
        .update(member)
        .set({ payeeName, updatedAt: now })
        .where(and(eq(member.id, memberId), or(isNull(member.payeeName), eq(member.payeeName, ''))))
        .returning({ id: member.id });
      return rows.length > 0;
    },

    async setDisabledAt(memberId: string, disabledAt: Date | null, now: Date, tx: DbOrTx): Promise<void> {
      await tx.update(member).set({ disabledAt, updatedAt: now }).where(eq(member.id, memberId));
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
