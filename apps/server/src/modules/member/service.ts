import type { ChangePasswordRequest, MemberInfo, MemberProfile, ProfileChange } from '@kl/contracts/accounts';
import { verifyField } from '@kl/contracts/verifier';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword, verifyPassword } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { checkAdultBirthDate } from '../../platform/age.ts';
import { profileOf } from './contacts-service.ts';
import type { MemberRepository } from './repository.ts';

/** What the member service needs of sessions (the auth module's session service). */
export interface SessionRevoker {
  revokeOthers(memberId: string, keepSessionId: string, tx?: DbOrTx): Promise<number>;
}

export function createMemberService(deps: {
  db: Db;
  clock: Clock;
  members: MemberRepository;
  sessions: SessionRevoker;
  /** The new password's format and confirmation check (shared with the password reset calls). */
  checkNewPassword: (newPassword: string, confirmNewPassword: string) => string;
  /** The member's VIP level (clubLabel.labelName); 0 when not given. */
  vipLevelOf?: ((merchantCode: string, memberId: string) => Promise<number>) | undefined;
  /** The interval of the member's reality check in minutes (0: none); 0 when not given. */
  realityCheckOf?: ((memberId: string) => Promise<number>) | undefined;
}) {
  const { db, clock, members } = deps;

  async function load(current: AuthenticatedMember) {
    const member = await members.findById(current.memberId);
    if (!member) throw new DomainError('SESSION_EXPIRED');
    return member;
  }

  return {
    /**
     * product.md §3 Member info (clubLabel.labelName: the VIP level, default '0'), whether a password is set
     * and the reality check's interval.
     */
    async memberInfo(current: AuthenticatedMember): Promise<MemberInfo> {
      const member = await load(current);
      const [vipLevel, realityCheckMinutes] = await Promise.all([
        deps.vipLevelOf ? deps.vipLevelOf(member.merchantCode, member.id) : 0,
        deps.realityCheckOf ? deps.realityCheckOf(member.id) : 0,
      ]);
      return {
        id: member.id,
        account: member.username,
        nickname: member.nickname,
        type: member.type,
        clubLabel: { labelName: String(vipLevel) },
        mobileNum: member.mobileNum ? `${member.countryDialingCode ?? ''}${member.mobileNum}` : null,
        email: member.email,
        firstTimeLogin: current.firstTimeLogin,
        // Trial members and those who signed up by SMS or quick login have none until they set one.
        hasPassword: member.passwordHash !== null,
        realityCheckMinutes,
      };
    },

    /** The member's profile (docs/decisions/058-member-profile.md, 059-member-contacts.md). */
    async profile(current: AuthenticatedMember): Promise<MemberProfile> {
      return profileOf(await load(current));
    },

    /**
     * Changes what the request gives: the nickname (the registration's rule; empty removes it) and the
     * birthday, set once (a real date, not after today in Vietnam time, of a member of KYC_MIN_AGE or more).
     * Everything is checked before anything is written.
     */
    async changeProfile(current: AuthenticatedMember, request: ProfileChange): Promise<MemberProfile> {
      const member = await load(current);
      const now = clock();
      let nickname: string | null | undefined;
      if (request.nickname !== undefined) {
        const checked = verifyField('nickname', request.nickname, { enabled: true, required: false });
        if (!checked.ok) throw new DomainError(checked.code, { field: 'nickname' });
        nickname = checked.value ?? null;
      }
      let birthday: string | undefined;
      if (request.birthday !== undefined) {
        const checked = verifyField('birthday', request.birthday, { enabled: true, required: true }, now);
        if (!checked.ok) throw new DomainError(checked.code, { field: 'birthday' });
        birthday = checked.value ?? '';
        checkAdultBirthDate(birthday, now, 'birthday');
        if (member.birthday !== null && member.birthday !== birthday) {
          throw new DomainError('BIRTHDAY_ALREADY_SET', { field: 'birthday' });
        }
      }
      return db.transaction(async (tx) => {
        if (nickname !== undefined) await members.setNickname(member.id, nickname, now, tx);
        let kept = member.birthday;
        if (birthday !== undefined && member.birthday === null) {
          kept = await members.setBirthdayOnce(member.id, birthday, now, tx);
          // Another request set another one first.
          if (kept !== birthday) throw new DomainError('BIRTHDAY_ALREADY_SET', { field: 'birthday' });
        }
        return profileOf({
          ...member,
          nickname: nickname === undefined ? member.nickname : nickname,
          birthday: kept,
        });
      });
    },

    /**
     * passWordChangeV2: the old password is required when the member has one; the new one must differ
     * and match its confirmation. Ends the member's other sessions.
     */
    async changePassword(current: AuthenticatedMember, request: ChangePasswordRequest): Promise<void> {
      const member = await load(current);
      const newPassword = deps.checkNewPassword(request.newPassword, request.confirmNewPassword);
      if (member.passwordHash) {
        const oldPassword = request.oldPassword ?? '';
        if (oldPassword === '') throw new DomainError('PASSWORD_FORMAT', { field: 'oldPassword' });
        if (oldPassword === newPassword) {
          throw new DomainError('INVALID_INPUT', { field: 'newPassword', reason: 'SAME_AS_OLD' });
        }
        if (!(await verifyPassword(member.passwordHash, oldPassword))) {
          throw new DomainError('WRONG_CREDENTIALS', { field: 'oldPassword' });
        }
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await members.setPassword(member.id, passwordHash, clock(), tx);
        await deps.sessions.revokeOthers(member.id, current.sessionId, tx);
      });
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
