import {
  type passwordEmailRequest,
  type passwordResetRequest,
  setPasswordByPhonePayload,
} from '@kl/contracts/accounts';
import { verifyField } from '@kl/contracts/verifier';
import type { z } from 'zod';
import { addMs, type Clock, MINUTE_MS } from '../../platform/clock.ts';
import { hashPassword, randomToken, sha256Hex } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { OutboxSender } from '../../platform/outbox.ts';
import type { MerchantService } from '../merchant/index.ts';
import type { MemberRepository } from '../member/index.ts';
import { type CaptchaService, normaliseMobile, type SmsService } from '../verification/index.ts';
import type { PasswordResetRepository } from './repository.ts';
import type { SessionService } from './session-service.ts';

/** An e-mailed reset link is valid 30 minutes and used once. */
export const RESET_TOKEN_TTL_MS = 30 * MINUTE_MS;
/** At most one reset e-mail per member per minute. */
export const RESET_EMAIL_INTERVAL_MS = MINUTE_MS;

/** The new password and its confirmation (product.md §5), answered with the form's field names. */
export function checkNewPassword(newPassword: string, confirmNewPassword: string): string {
  const checked = verifyField('password', newPassword);
  if (!checked.ok) throw new DomainError(checked.code, { field: 'newPassword' });
  if (confirmNewPassword !== newPassword) {
    throw new DomainError('CONFIRMATION_NOT_MATCHED', { field: 'confirmNewPassword' });
  }
  return newPassword;
}

/** Whether a reset e-mail went to the member less than RESET_EMAIL_INTERVAL_MS ago. */
export async function resetEmailSentLately(
  resets: PasswordResetRepository,
  memberId: string,
  now: Date,
  tx?: DbOrTx,
): Promise<boolean> {
  const last = await resets.latestCreatedAt(memberId, tx);
  return last !== undefined && last > addMs(now, -RESET_EMAIL_INTERVAL_MS);
}

/**
 * Writes a reset token for the member (valid RESET_TOKEN_TTL_MS, used once) and queues the e-mail that
 * carries its link, in the caller's transaction. Nobody but the mailbox's owner sees the token: it is kept
 * hashed, and whoever asked for the e-mail (the member, or an operator) is answered without it.
 */
export async function queueResetEmail(
  deps: { resets: PasswordResetRepository; outbox: OutboxSender },
  args: {
    merchant: { mainDomain: string; whitelabel: { siteName: string } };
    member: { id: string; username: string };
    to: string;
    now: Date;
  },
  tx: DbOrTx,
): Promise<void> {
  const { merchant, member, to, now } = args;
  const token = randomToken(32);
  const link = `https://${merchant.mainDomain}/m/forget?type=email&token=${token}`;
  await deps.resets.insert(
    {
      memberId: member.id,
      tokenHash: sha256Hex(token),
      expiresAt: addMs(now, RESET_TOKEN_TTL_MS),
      createdAt: now,
    },
    tx,
  );
  await deps.outbox.send(
    {
      kind: 'email',
      to,
      code: token,
      text:
        `${merchant.whitelabel.siteName}: a new password was asked for the account ${member.username}. ` +
        `Open ${link} within 30 minutes to choose it. If you did not ask, ignore this e-mail.`,
    },
    tx,
  );
}

/** Forgotten passwords (product.md §2 /m/forget): by phone with an SMS code, or by an e-mailed link. */
export function createPasswordService(deps: {
  db: Db;
  clock: Clock;
  merchantService: MerchantService;
  members: MemberRepository;
  resets: PasswordResetRepository;
  captchaService: CaptchaService;
  smsService: SmsService;
  sessionService: SessionService;
  outbox: OutboxSender;
}) {
  const { db, clock, members, sessionService } = deps;

  async function setPassword(memberId: string, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await members.setPassword(memberId, passwordHash, clock(), tx);
      await sessionService.revokeAll(memberId, tx);
    });
  }

  return {
    /** The decrypted payload of POST by-phone: SMS code of purpose resetPassword, then the new password. */
    async setPasswordByPhone(merchantCode: string, decrypted: unknown): Promise<void> {
      const parsed = setPasswordByPhonePayload.safeParse(decrypted);
      if (!parsed.success) throw new DomainError('INVALID_INPUT', { reason: 'PAYLOAD_INVALID' });
      const payload = parsed.data;
      const merchant = await deps.merchantService.getMerchant(merchantCode);
      const mobile = normaliseMobile(payload.mobileNum, payload.countryDialingCode, merchant.info.register);
      const password = checkNewPassword(payload.newPassword, payload.confirmNewPassword);
      await deps.smsService.verify(merchantCode, mobile, 'resetPassword', payload.verificationCode);
      const member = await members.findByMobile(merchantCode, mobile.countryDialingCode, mobile.mobileNum);
      if (!member || member.disabledAt) {
        throw new DomainError('WRONG_VERIFICATION_CODE', { field: 'verificationCode' });
      }
      await setPassword(member.id, password);
    },

    /**
     * Sends a reset link to every member who verified this e-mail; answers the same whether or not one
     * exists (docs/decisions/059-member-contacts.md).
     */
    async requestPasswordEmail(
      merchantCode: string,
      request: z.infer<typeof passwordEmailRequest>,
    ): Promise<void> {
      const email = verifyField('email', request.email);
      if (!email.ok) throw new DomainError(email.code, { field: 'email' });
      await deps.captchaService.require({ captchaId: request.captchaId, captcha: request.captcha });
      const merchant = await deps.merchantService.getMerchant(merchantCode);
      const now = clock();
      for (const member of await members.findByVerifiedEmail(merchantCode, email.value ?? '')) {
        if (await resetEmailSentLately(deps.resets, member.id, now)) continue;
        await db.transaction((tx) =>
          queueResetEmail(
            deps,
            { merchant: merchant.info, member, to: member.email ?? email.value ?? '', now },
            tx,
          ),
        );
      }
    },

    /** Sets the password of the e-mailed link's member and ends all of their sessions. */
    async resetPassword(request: z.infer<typeof passwordResetRequest>): Promise<void> {
      const password = checkNewPassword(request.newPassword, request.confirmNewPassword);
      const token = request.token.trim();
      const memberId = token ? await deps.resets.use(sha256Hex(token), clock()) : undefined;
      if (!memberId)
        throw new DomainError('INVALID_INPUT', { field: 'token', reason: 'RESET_TOKEN_INVALID' });
      await setPassword(memberId, password);
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
