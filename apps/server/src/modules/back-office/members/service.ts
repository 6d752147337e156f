import { isTrialMember, LOGIN_HISTORY_DAYS } from '@kl/contracts/accounts';
import type { MemberDetail, MemberPage, MemberRow } from '@kl/contracts/admin/members';
import type { Locale } from '@kl/contracts/i18n';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { addMs, type Clock, DAY_MS } from '../../../platform/clock.ts';
import type { Db } from '../../../platform/db.ts';
import type { OutboxSender } from '../../../platform/outbox.ts';
import { DomainError } from '../../../platform/errors.ts';
import {
  createLoginAttemptRepository,
  createPasswordResetRepository,
  createSessionRepository,
  loginHistoryEntryOf,
  queueResetEmail,
  resetEmailSentLately,
} from '../../auth/index.ts';
import type { MerchantService } from '../../merchant/index.ts';
import {
  createMemberRepository,
  type MemberRepository,
  type MemberSearchField,
  type OperatorMemberFilter,
} from '../../member/index.ts';
import { createVipRepository, createVipService } from '../../vip/index.ts';
import { createLedgerRepository, type LedgerService } from '../../wallet/index.ts';
import type { AuditActor, AuditLog } from '../audit.ts';
import { MEMBER_COLUMNS } from '../exports/columns.ts';
import type { CsvExports } from '../exports/csv-export.ts';

type ListRow = Awaited<ReturnType<MemberRepository['operatorRows']>>[number];

/** What narrows the member list and its CSV (contracts `memberFilters`). */
interface MemberListQuery {
  q?: string | undefined;
  field: MemberSearchField;
  tagId?: number | undefined;
}

/** How many sessions, logins and ledger lines the member detail shows. */
const DETAIL_ROWS = 20;

function memberRowOf(row: ListRow): MemberRow {
  return {
    id: row.id,
    username: row.username,
    type: row.type,
    mobile: row.mobileNum ? `${row.countryDialingCode ?? ''} ${row.mobileNum}`.trim() : null,
    email: row.email,
    available: Number(row.available ?? 0),
    currency: WALLET_CURRENCY,
    registeredAt: row.createdAt.toISOString(),
    registerIp: row.registerIp,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    disabled: row.disabledAt !== null,
  };
}

/**
 * Members in the back office (docs/back-office.md, "Members"): search, the detail an operator needs
 * (balances, ledger, sessions, logins), disabling, ending sessions and e-mailing a password-reset link.
 * Every change is audited inside the transaction that makes it.
 */
export function createMemberService(deps: {
  db: Db;
  clock: Clock;
  merchantCode: string;
  audit: AuditLog;
  ledgerService: LedgerService;
  exports: CsvExports;
  merchantService: MerchantService;
  outbox: OutboxSender;
}) {
  const { db, clock, merchantCode, audit, ledgerService, exports } = deps;
  const resets = createPasswordResetRepository(db);
  // Each table through its module: members, their ledger (wallet), sessions and logins (auth).
  const members = createMemberRepository(db);
  const ledger = createLedgerRepository(db);
  const sessions = createSessionRepository(db);
  const logins = createLoginAttemptRepository(db);
  const vipService = createVipService({ vip: createVipRepository(db), ledgerService });
  const filterOf = (query: MemberListQuery): OperatorMemberFilter => ({
    merchantCode,
    currency: WALLET_CURRENCY,
    text: query.q || undefined,
    field: query.field,
    tagId: query.tagId,
  });

  return {
    async search(query: MemberListQuery & { pageNo: number; pageSize: number }) {
      const { rows, total } = await members.searchForOperators(filterOf(query), {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map(memberRowOf),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
      } satisfies MemberPage;
    },

    /** The whole list the filter selects, as CSV (docs/back-office.md, "Exports"), audited. */
    exportCsv(actor: AuditActor, query: MemberListQuery & { lang: Locale }) {
      const filter = filterOf(query);
      return exports.list(actor, query.lang, {
        action: 'member.export',
        name: 'members',
        filter: query,
        columns: MEMBER_COLUMNS,
        count: () => members.operatorCount(filter),
        rows: (after, limit) =>
          members.operatorRows(filter, { limit, after: after?.id }).then((rows) => rows.map(memberRowOf)),
      });
    },

    /** The member's profile, level, balances and latest activity; NOT_FOUND for another merchant's. */
    async detail(memberId: string): Promise<MemberDetail> {
      const row = await members.findForOperators(merchantCode, memberId, WALLET_CURRENCY);
      if (!row) throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
      const demo = isTrialMember(row.type);
      const accounts = [row.username.toLowerCase()];
      if (row.mobileNum) accounts.push(`${row.countryDialingCode ?? ''}${row.mobileNum}`);
      const now = clock();
      const [balance, vipLevel, lines, recentSessions, recentLogins] = await Promise.all([
        ledgerService.balanceOf({ merchantCode, memberId, currency: WALLET_CURRENCY }),
        vipService.levelOf(merchantCode, memberId),
        ledger.availableLines(memberId, WALLET_CURRENCY, demo, DETAIL_ROWS),
        sessions.newestOf(memberId, DETAIL_ROWS),
        logins.historyOf(merchantCode, memberId, accounts, addMs(now, -LOGIN_HISTORY_DAYS * DAY_MS), {
          limit: DETAIL_ROWS,
          offset: 0,
        }),
      ]);
      return {
        member: {
          ...memberRowOf(row),
          nickname: row.nickname,
          payeeName: row.payeeName,
          affiliateCode: row.affiliateCode,
          vipLevel,
          held: Number(balance.held),
        },
        ledger: lines.map((line) => ({
          transactionId: line.transactionId,
          kind: line.kind,
          amount: Number(line.amount),
          balanceAfter: Number(line.balanceAfter),
          reference: line.reference,
          at: line.createdAt.toISOString(),
        })),
        sessions: recentSessions.map((session) => ({
          id: session.id,
          device: session.device,
          ip: session.ip,
          createdAt: session.createdAt.toISOString(),
          expiresAt: session.expiresAt.toISOString(),
          active: session.revokedAt === null && session.expiresAt > now,
        })),
        logins: recentLogins.rows.map(loginHistoryEntryOf),
      };
    },

    /**
     * Disables the member (they can no longer log in, and their open sessions end in the same
     * transaction) or enables them again. Disabling a disabled member keeps the first time.
     */
    async setDisabled(
      actor: AuditActor,
      memberId: string,
      request: { disabled: boolean; reason: string },
    ): Promise<{ disabled: boolean; sessionsEnded: number }> {
      return db.transaction(async (tx) => {
        const row = await members.lockOfMerchant(merchantCode, memberId, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
        const now = clock();
        const disabledAt = request.disabled ? (row.disabledAt ?? now) : null;
        await members.setDisabledAt(memberId, disabledAt, now, tx);
        const sessionsEnded = request.disabled ? await sessions.revokeOpenOf(memberId, now, tx) : 0;
        await audit.record(
          actor,
          {
            action: request.disabled ? 'member.disable' : 'member.enable',
            targetType: 'member',
            targetId: memberId,
            before: { username: row.username, disabled: row.disabledAt !== null, disabledAt: row.disabledAt },
            after: {
              username: row.username,
              disabled: request.disabled,
              disabledAt,
              reason: request.reason,
              sessionsEnded,
            },
          },
          tx,
        );
        return { disabled: request.disabled, sessionsEnded };
      });
    },

    /** Ends every open session of the member (they must log in again). */
    async endSessions(actor: AuditActor, memberId: string): Promise<{ sessionsEnded: number }> {
      return db.transaction(async (tx) => {
        const row = await members.lockOfMerchant(merchantCode, memberId, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
        const sessionsEnded = await sessions.revokeOpenOf(memberId, clock(), tx);
        await audit.record(
          actor,
          {
            action: 'member.end_sessions',
            targetType: 'member',
            targetId: memberId,
            before: { username: row.username, openSessions: sessionsEnded },
            after: { username: row.username, openSessions: 0, sessionsEnded },
          },
          tx,
        );
        return { sessionsEnded };
      });
    },

    /**
     * E-mails the member the link of a forgotten password (the one /m/forget sends), at most once a minute:
     * the operator never sees the link, only where it went. The member row is locked first, so two clicks
     * at once send one e-mail. A member without an e-mail address is MEMBER_HAS_NO_EMAIL, one whose address
     * is not verified MEMBER_EMAIL_NOT_VERIFIED (docs/decisions/059-member-contacts.md).
     */
    async sendPasswordReset(actor: AuditActor, memberId: string): Promise<{ sentTo: string }> {
      const merchant = await deps.merchantService.getMerchant(merchantCode);
      return db.transaction(async (tx) => {
        const row = await members.lockOfMerchant(merchantCode, memberId, tx);
        if (!row) throw new DomainError('NOT_FOUND', { reason: 'MEMBER_NOT_FOUND' });
        if (!row.email) throw new DomainError('MEMBER_HAS_NO_EMAIL');
        // Not to an address the member never showed to be theirs (one an insider could have typed in).
        if (!row.emailVerifiedAt) throw new DomainError('MEMBER_EMAIL_NOT_VERIFIED');
        const now = clock();
        if (await resetEmailSentLately(resets, memberId, now, tx)) {
          throw new DomainError('TOO_MANY_REQUESTS', { reason: 'RESET_EMAIL_INTERVAL' });
        }
        await queueResetEmail(
          { resets, outbox: deps.outbox },
          { merchant: merchant.info, member: row, to: row.email, now },
          tx,
        );
        await audit.record(
          actor,
          {
            action: 'member.password_reset_sent',
            targetType: 'member',
            targetId: memberId,
            before: null,
            after: { username: row.username, sentTo: row.email },
          },
          tx,
        );
        return { sentTo: row.email };
      });
    },
  };
}
export type MemberService = ReturnType<typeof createMemberService>;
