import type { MEMBER_SEARCH_FIELDS } from '@kl/contracts/admin/members';
import { TRIAL_MEMBER_TYPE } from '@kl/contracts/accounts';
import { and, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  ledgerAccount,
  ledgerEntry,
  ledgerTransaction,
  loginAttempt,
  member,
  memberSession,
} from '../../../db/schema/index.ts';
import type { Db, DbOrTx } from '../../../platform/db.ts';
import { prefixPattern } from '../../../platform/like-pattern.ts';

/** Members as the back office reads and changes them (docs/back-office.md, "Members"). */

export type MemberSearchField = (typeof MEMBER_SEARCH_FIELDS)[number];

/** How many sessions, logins and ledger lines the member detail shows. */
export const DETAIL_ROWS = 20;

/**
 * The outer row's member id, qualified: drizzle writes the columns of a one-table select without their
 * table, which a correlated subquery would read as its own.
 */
const MEMBER_ID = sql.raw('"member"."id"');

/**
 * The condition of one search field, or undefined when the text cannot match that field (a mobile
 * search without a digit). Username: from the start, in any case. Mobile: the digits anywhere in the
 * dialing code and number (`0912…`, `912…` and `+84 912…` all find +84 912345678). E-mail: the whole
 * address, in any case. Bank account: a number the member bound, also one removed since. Register IP: exact.
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
    case 'bankAccount': {
      const number = text.replace(/\s+/g, '');
      return sql`exists (select 1 from member_bank_account b where b.member_id = ${MEMBER_ID}
        and b.account_number = ${number})`;
    }
    case 'registerIp':
      return eq(member.registerIp, text);
  }
}

const SEARCHED = ['username', 'mobile', 'email', 'bankAccount', 'registerIp'] as const;

/** The outer row member's available balance in the currency: real money, or a trial member's play money. */
const availableOf = (currency: string) =>
  sql<string | null>`(select a.balance::text from ledger_account a
    where a.member_id = ${MEMBER_ID} and a.kind = 'available' and a.currency = ${currency}
    and a.demo = ("member"."type" = ${sql.raw(String(TRIAL_MEMBER_TYPE))}))`;

/** When the member of the outer row last logged in: their newest session. */
const lastLoginOf = sql<Date | null>`(select max(s.created_at) from member_session s
  where s.member_id = ${MEMBER_ID})`.mapWith(memberSession.createdAt);

export function createMemberRepository(db: Db) {
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
    available: availableOf(currency),
    lastLoginAt: lastLoginOf,
  });

  return {
    /** A page of the merchant's members matching the text, newest first, and how many match. */
    async search(query: {
      merchantCode: string;
      currency: string;
      text: string | undefined;
      field: MemberSearchField;
      limit: number;
      offset: number;
    }) {
      const where: (SQL | undefined)[] = [eq(member.merchantCode, query.merchantCode)];
      if (query.text) {
        const text = query.text;
        const fields = query.field === 'any' ? SEARCHED : [query.field];
        const conditions = fields.map((field) => fieldCondition(field, text)).filter((c) => c !== undefined);
        where.push(conditions.length === 0 ? sql`false` : or(...conditions));
      }
      const condition = and(...where);
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns(query.currency))
          .from(member)
          .where(condition)
          .orderBy(desc(member.createdAt), desc(member.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(member).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** The merchant's member with the columns of the list; undefined for anyone else. */
    async find(merchantCode: string, memberId: string, currency: string) {
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
    async lock(merchantCode: string, memberId: string, tx: DbOrTx) {
      const [row] = await tx
        .select({ id: member.id, username: member.username, disabledAt: member.disabledAt })
        .from(member)
        .where(and(eq(member.merchantCode, merchantCode), eq(member.id, memberId)))
        .for('update');
      return row;
    },

    async setDisabledAt(memberId: string, disabledAt: Date | null, now: Date, tx: DbOrTx): Promise<void> {
      await tx.update(member).set({ disabledAt, updatedAt: now }).where(eq(member.id, memberId));
    },

    /** Ends the member's open sessions (neither revoked nor expired); answers how many. */
    async revokeOpenSessions(memberId: string, now: Date, tx: DbOrTx): Promise<number> {
      const ended = await tx
        .update(memberSession)
        .set({ revokedAt: now })
        .where(
          and(
            eq(memberSession.memberId, memberId),
            isNull(memberSession.revokedAt),
            gt(memberSession.expiresAt, now),
          ),
        )
        .returning({ id: memberSession.id });
      return ended.length;
    },

    /** The newest lines of the member's available account (a game round has two: stake, then payout). */
    async ledgerLines(memberId: string, currency: string, demo: boolean) {
      return db
        .select({
          transactionId: ledgerEntry.transactionId,
          kind: ledgerTransaction.kind,
          amount: ledgerEntry.amount,
          balanceAfter: ledgerEntry.balanceAfter,
          reference: ledgerTransaction.reference,
          createdAt: ledgerEntry.createdAt,
        })
        .from(ledgerEntry)
        .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
        .innerJoin(ledgerTransaction, eq(ledgerTransaction.id, ledgerEntry.transactionId))
        .where(
          and(
            eq(ledgerAccount.memberId, memberId),
            eq(ledgerAccount.kind, 'available'),
            eq(ledgerAccount.currency, currency),
            eq(ledgerAccount.demo, demo),
          ),
        )
        .orderBy(desc(ledgerEntry.id))
        .limit(DETAIL_ROWS);
    },

    async sessions(memberId: string) {
      return db
        .select()
        .from(memberSession)
        .where(eq(memberSession.memberId, memberId))
        .orderBy(desc(memberSession.createdAt), desc(memberSession.id))
        .limit(DETAIL_ROWS);
    },

    /** The newest login attempts naming any of the accounts (the lower-cased username, the mobile). */
    async logins(merchantCode: string, accounts: string[]) {
      return db
        .select({ ip: loginAttempt.ip, succeeded: loginAttempt.succeeded, at: loginAttempt.createdAt })
        .from(loginAttempt)
        .where(and(eq(loginAttempt.merchantCode, merchantCode), inArray(loginAttempt.account, accounts)))
        .orderBy(desc(loginAttempt.createdAt), desc(loginAttempt.id))
        .limit(DETAIL_ROWS);
    },
  };
}
export type MemberRepository = ReturnType<typeof createMemberRepository>;
