import type { EmailChange, MemberProfile, MobileChange, MobileCodeRequest } from '@kl/contracts/accounts';
import type { LocalizedText } from '@kl/contracts/content';
import { verifyField } from '@kl/contracts/verifier';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { emailVerificationToken, type MemberRow } from '../../db/schema/index.ts';
import { type AttemptRule, createAttemptCounter } from '../../platform/attempts.ts';
import { addMs, type Clock, DAY_MS, MINUTE_MS } from '../../platform/clock.ts';
import { randomToken, sha256Hex } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { uniqueViolation } from '../../platform/db-errors.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import type { OutboxSender } from '../../platform/outbox.ts';
import type { MerchantService } from '../merchant/index.ts';
import { type MobileNumber, normaliseMobile, type SmsService } from '../verification/index.ts';
import type { MemberRepository } from './repository.ts';
import type { SessionRevoker } from './service.ts';

/**
 * The member's e-mail and mobile number (docs/decisions/059-member-contacts.md): an e-mail is verified by
 * a link sent to it, and only a verified one receives a password-reset link; a mobile number changes only
 * with a code sent to the old number and one sent to the new.
 */

/** A verification link is valid a day and used once… */
export const EMAIL_LINK_TTL_MS = DAY_MS;
/** …one is sent at most once a minute per member… */
export const EMAIL_LINK_INTERVAL_MS = MINUTE_MS;
/** …and at most this many a day, whatever the addresses (a member's account is not a way to mail others). */
export const EMAIL_LINKS_PER_DAY = 5;
const EMAIL_LINK_RULE: AttemptRule = { limit: EMAIL_LINKS_PER_DAY, windowMs: DAY_MS };
const EMAIL_LINK_SCOPE = 'email-verification';

/** The single-use tokens of the e-mailed links, kept as digests. */
export function createEmailTokenRepository(db: Db) {
  return {
    async insert(row: typeof emailVerificationToken.$inferInsert, tx: DbOrTx): Promise<void> {
      await tx.insert(emailVerificationToken).values(row);
    },

    async latestCreatedAt(memberId: string, tx: DbOrTx): Promise<Date | undefined> {
      const [row] = await tx
        .select({ createdAt: emailVerificationToken.createdAt })
        .from(emailVerificationToken)
        .where(eq(emailVerificationToken.memberId, memberId))
        .orderBy(desc(emailVerificationToken.createdAt))
        .limit(1);
      return row?.createdAt;
    },

    /** Uses a live token in one statement; answers its member and address, or undefined. */
    async use(tokenHash: string, now: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(emailVerificationToken)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerificationToken.tokenHash, tokenHash),
            isNull(emailVerificationToken.usedAt),
            gt(emailVerificationToken.expiresAt, now),
          ),
        )
        .returning({ memberId: emailVerificationToken.memberId, email: emailVerificationToken.email });
      return row;
    },
  };
}

export type EmailTokenRepository = ReturnType<typeof createEmailTokenRepository>;

/** What the profile answers of a member row. */
export function profileOf(member: MemberRow): MemberProfile {
  return {
    nickname: member.nickname,
    birthday: member.birthday,
    email: member.email,
    emailVerified: member.email !== null && member.emailVerifiedAt !== null,
    mobile:
      member.mobileNum && member.countryDialingCode
        ? { countryDialingCode: member.countryDialingCode, mobileNum: member.mobileNum }
        : null,
  };
}

/** What a message names of the merchant's site. */
interface SiteInfo {
  mainDomain: string;
  whitelabel: { siteName: string };
}

const sameAddress = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/** The inbox message that tells a member their mobile number changed. */
function mobileChangedNotice(mobile: MobileNumber): { title: LocalizedText; content: LocalizedText } {
  const shown = `${mobile.countryDialingCode} ${mobile.mobileNum}`;
  return {
    title: { vi: 'Số điện thoại đã được đổi', en: 'Your mobile number was changed' },
    content: {
      vi:
        `Số điện thoại của tài khoản đã được đổi thành ${shown}, và các phiên đăng nhập khác đã được đăng xuất. ` +
        'Nếu không phải bạn, hãy liên hệ chăm sóc khách hàng ngay.',
      en:
        `Your account’s mobile number was changed to ${shown}, and your other sessions were signed out. ` +
        'If this was not you, contact customer service now.',
    },
  };
}

export function createContactsService(deps: {
  db: Db;
  clock: Clock;
  members: MemberRepository;
  tokens: EmailTokenRepository;
  outbox: OutboxSender;
  merchantService: MerchantService;
  smsService: SmsService;
  sessions: SessionRevoker;
  /** Writes a message to the member's inbox, in the caller's transaction. */
  notify: (
    member: MemberRow,
    notice: { title: LocalizedText; content: LocalizedText },
    tx: DbOrTx,
  ) => Promise<void>;
}) {
  const { db, clock, members, tokens, outbox, smsService } = deps;
  const counter = createAttemptCounter({ db, clock });

  async function load(current: AuthenticatedMember): Promise<MemberRow> {
    const member = await members.findById(current.memberId);
    if (!member) throw new DomainError('SESSION_EXPIRED');
    return member;
  }

  /**
   * E-mails `email` a link that verifies it, in the caller's transaction (the member row locked): refused
   * sooner than EMAIL_LINK_INTERVAL_MS after the last one, and past EMAIL_LINKS_PER_DAY, counted before it is
   * sent so that parallel requests get no more links than the same requests one after the other. The
   * merchant is read before the transaction: waiting for another connection while holding the row would
   * leave parallel requests each holding one and waiting for the lock.
   */
  async function sendLink(
    site: SiteInfo,
    member: MemberRow,
    email: string,
    now: Date,
    tx: DbOrTx,
  ): Promise<void> {
    const last = await tokens.latestCreatedAt(member.id, tx);
    if (last !== undefined && last > addMs(now, -EMAIL_LINK_INTERVAL_MS)) {
      throw new DomainError('TOO_MANY_REQUESTS', {
        reason: 'EMAIL_LINK_INTERVAL',
        retryAfterSeconds: Math.ceil((last.getTime() + EMAIL_LINK_INTERVAL_MS - now.getTime()) / 1000),
      });
    }
    const verdict = await counter.hit(EMAIL_LINK_SCOPE, member.id, EMAIL_LINK_RULE, tx);
    if (!verdict.allowed) {
      throw new DomainError('TOO_MANY_REQUESTS', {
        reason: 'EMAIL_LINK_LIMIT',
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const token = randomToken(32);
    await tokens.insert(
      {
        memberId: member.id,
        tokenHash: sha256Hex(token),
        email,
        expiresAt: addMs(now, EMAIL_LINK_TTL_MS),
        createdAt: now,
      },
      tx,
    );
    const link = `https://${site.mainDomain}/m/verify-email?token=${token}`;
    await outbox.send(
      {
        kind: 'email',
        to: email,
        code: token,
        text:
          `${site.whitelabel.siteName}: open ${link} within 24 hours to confirm that this address is ` +
          `the one of the account ${member.username}. If you did not ask, ignore this e-mail.`,
      },
      tx,
    );
  }

  const siteOf = async (current: AuthenticatedMember): Promise<SiteInfo> =>
    (await deps.merchantService.getMerchant(current.merchantCode)).info;

  /** The member's number as the SMS service names it. */
  const mobileOf = (member: MemberRow): MobileNumber | undefined =>
    member.mobileNum && member.countryDialingCode
      ? {
          countryDialingCode: member.countryDialingCode,
          mobileNum: member.mobileNum,
          e164: `${member.countryDialingCode}${member.mobileNum}`,
        }
      : undefined;

  /** The new number, checked: a format the merchant takes, not the member's own, nobody else's. */
  async function newNumber(member: MemberRow, raw: { countryDialingCode: string; mobileNum: string }) {
    const merchant = await deps.merchantService.getMerchant(member.merchantCode);
    const mobile = normaliseMobile(raw.mobileNum, raw.countryDialingCode, merchant.info.register);
    if (mobile.e164 === mobileOf(member)?.e164) {
      throw new DomainError('INVALID_INPUT', { field: 'mobileNum', reason: 'SAME_AS_OLD' });
    }
    const holder = await members.findByMobile(
      member.merchantCode,
      mobile.countryDialingCode,
      mobile.mobileNum,
    );
    if (holder) throw new DomainError('MOBILE_TAKEN', { field: 'mobileNum' });
    return { mobile, siteName: merchant.info.whitelabel.siteName };
  }

  /** Uses a code sent for the change, answering a wrong one against the form's field. */
  async function useCode(member: MemberRow, mobile: MobileNumber, code: string | undefined, field: string) {
    try {
      await smsService.verify(member.merchantCode, mobile, 'changeMobile', code);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'WRONG_VERIFICATION_CODE') {
        throw new DomainError('WRONG_VERIFICATION_CODE', { field });
      }
      throw error;
    }
  }

  return {
    /**
     * A new e-mail address, kept unverified, with a link e-mailed to it; when the old address was verified,
     * it is told of the change. The same address as now changes nothing when verified, and sends the link
     * again when not.
     */
    async changeEmail(current: AuthenticatedMember, request: EmailChange): Promise<MemberProfile> {
      const checked = verifyField('email', request.email.trim(), { enabled: true, required: true });
      if (!checked.ok) throw new DomainError(checked.code, { field: 'email' });
      const email = checked.value ?? '';
      const site = await siteOf(current);
      return db.transaction(async (tx) => {
        const member = await members.lock(current.memberId, tx);
        if (!member) throw new DomainError('SESSION_EXPIRED');
        if (sameAddress(member.email, email) && member.emailVerifiedAt) return profileOf(member);
        const now = clock();
        await sendLink(site, member, email, now, tx);
        if (!sameAddress(member.email, email)) {
          await members.setEmail(member.id, email, now, tx);
          if (member.email && member.emailVerifiedAt) {
            const { siteName } = site.whitelabel;
            await outbox.send(
              {
                kind: 'email',
                to: member.email,
                code: '',
                text:
                  `${siteName}: the e-mail address of the account ${member.username} was changed to ${email}. ` +
                  'If you did not change it, contact customer service now.',
              },
              tx,
            );
          }
        }
        return profileOf({ ...member, email, emailVerifiedAt: null });
      });
    },

    /** The link again, to the member's unverified address. */
    async resendEmailVerification(current: AuthenticatedMember): Promise<{ sentTo: string }> {
      const site = await siteOf(current);
      return db.transaction(async (tx) => {
        const member = await members.lock(current.memberId, tx);
        if (!member) throw new DomainError('SESSION_EXPIRED');
        if (!member.email || member.emailVerifiedAt) throw new DomainError('EMAIL_NOTHING_TO_VERIFY');
        await sendLink(site, member, member.email, clock(), tx);
        return { sentTo: member.email };
      });
    },

    /**
     * The link opened: verifies the address it was sent to, if it is still the member's. Whoever opens it
     * need not be logged in: the token (32 random bytes, kept as a digest) is the proof.
     */
    async verifyEmail(token: string): Promise<{ email: string }> {
      const trimmed = token.trim();
      if (!trimmed) throw new DomainError('EMAIL_LINK_INVALID');
      return db.transaction(async (tx) => {
        const now = clock();
        const used = await tokens.use(sha256Hex(trimmed), now, tx);
        if (!used || !(await members.verifyEmail(used.memberId, used.email, now, tx))) {
          throw new DomainError('EMAIL_LINK_INVALID');
        }
        return { email: used.email };
      });
    },

    /** Sends a code of the change to the member's current number, or to the new one. */
    async sendMobileCode(
      current: AuthenticatedMember,
      request: MobileCodeRequest,
      ip: string,
    ): Promise<{ expirationTime: string }> {
      const member = await load(current);
      let target: { mobile: MobileNumber; siteName: string };
      if (request.target === 'current') {
        const mobile = mobileOf(member);
        if (!mobile) throw new DomainError('INVALID_INPUT', { field: 'currentCode', reason: 'NO_MOBILE' });
        const merchant = await deps.merchantService.getMerchant(member.merchantCode);
        target = { mobile, siteName: merchant.info.whitelabel.siteName };
      } else {
        target = await newNumber(member, request);
      }
      return smsService.send({
        merchantCode: member.merchantCode,
        siteName: target.siteName,
        mobile: target.mobile,
        purpose: 'changeMobile',
        registered: true,
        ip,
      });
    },

    /**
     * Changes the number once both codes are right (the current number's, when the member has one, and the
     * new one's); ends the member's other sessions and leaves a message in the inbox.
     */
    async changeMobile(current: AuthenticatedMember, request: MobileChange): Promise<MemberProfile> {
      const member = await load(current);
      const { mobile } = await newNumber(member, request);
      const old = mobileOf(member);
      if (old) await useCode(member, old, request.currentCode, 'currentCode');
      await useCode(member, mobile, request.newCode, 'newCode');
      const now = clock();
      try {
        await db.transaction(async (tx) => {
          await members.setMobile(member.id, mobile, now, tx);
          await deps.sessions.revokeOthers(member.id, current.sessionId, tx);
          await deps.notify(member, mobileChangedNotice(mobile), tx);
        });
      } catch (error) {
        // Another member took the number between the check and the change.
        if (uniqueViolation(error) !== undefined) {
          throw new DomainError('MOBILE_TAKEN', { field: 'mobileNum' });
        }
        throw error;
      }
      return profileOf({
        ...member,
        countryDialingCode: mobile.countryDialingCode,
        mobileNum: mobile.mobileNum,
      });
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
