import type { SMS_PURPOSES } from '@kl/contracts/accounts';
import { sql } from 'drizzle-orm';
import { addMs, type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { randomDigits, sameDigest, scopedDigest } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { OutboxSender } from '../../platform/outbox.ts';
import type { MobileNumber } from './mobile.ts';
import type { SmsCodeRepository } from './repository.ts';

export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** A new code may be asked 60 s after the last one (the answer's expirationTime). */
export const SMS_RESEND_MS = 60_000;
/** A code is valid 5 minutes… */
export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
/** …and survives this many wrong tries. */
export const SMS_MAX_ATTEMPTS = 5;
/** At most this many codes per number per hour… */
export const SMS_PER_NUMBER_PER_HOUR = 5;
/** …and per client IP per hour. */
export const SMS_PER_IP_PER_HOUR = 20;

export interface SmsRequest {
  merchantCode: string;
  siteName: string;
  mobile: MobileNumber;
  purpose: SmsPurpose;
  /** Whether a member has this number (register refuses it; login and reset send only when it does). */
  registered: boolean;
  ip: string;
}

export function createSmsService(deps: {
  db: Db;
  smsCodes: SmsCodeRepository;
  outbox: OutboxSender;
  clock: Clock;
}) {
  const { db, smsCodes, outbox, clock } = deps;
  return {
    /**
     * Sends a 6-digit code (SPEC §4 SMS). Answers expirationTime, the moment a new code may be asked.
     * For login and reset on an unknown number it answers the same but sends nothing (no enumeration).
     */
    async send(request: SmsRequest): Promise<{ expirationTime: string }> {
      const { merchantCode, mobile, purpose } = request;
      if (purpose === 'register' && request.registered) {
        throw new DomainError('USERNAME_EXISTS', { field: 'mobileNum' });
      }
      return db.transaction(async (tx) => {
        // One request per number at a time, across processes.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`sms:${merchantCode}:${mobile.e164}`}))`,
        );
        const now = clock();
        const latest = await smsCodes.latest(merchantCode, mobile.e164, purpose, tx);
        if (latest && latest.resendAt > now) {
          throw new DomainError('TOO_MANY_REQUESTS', { expirationTime: latest.resendAt.toISOString() });
        }
        const recent = await smsCodes.sentSince(merchantCode, mobile.e164, addMs(now, -HOUR_MS), tx);
        const oldest = recent[0];
        if (recent.length >= SMS_PER_NUMBER_PER_HOUR && oldest) {
          throw new DomainError('TOO_MANY_REQUESTS', {
            expirationTime: addMs(oldest, HOUR_MS).toISOString(),
          });
        }
        if ((await smsCodes.countFromIpSince(request.ip, addMs(now, -HOUR_MS), tx)) >= SMS_PER_IP_PER_HOUR) {
          throw new DomainError('TOO_MANY_REQUESTS', { reason: 'IP_LIMIT' });
        }
        const code = randomDigits(6);
        const deliver = purpose === 'register' || request.registered;
        const resendAt = addMs(now, SMS_RESEND_MS);
        await smsCodes.closeOpen(merchantCode, mobile.e164, purpose, now, tx);
        await smsCodes.insert(
          {
            merchantCode,
            purpose,
            mobile: mobile.e164,
            codeHash: scopedDigest(mobile.e164, code),
            delivered: deliver,
            resendAt,
            expiresAt: addMs(now, SMS_CODE_TTL_MS),
            ip: request.ip,
            createdAt: now,
          },
          tx,
        );
        if (deliver) {
          await outbox.send(
            {
              kind: 'sms',
              to: mobile.e164,
              code,
              text: `${request.siteName}: ${code} is your verification code. It expires in 5 minutes.`,
            },
            tx,
          );
        }
        return { expirationTime: resendAt.toISOString() };
      });
    },

    /**
     * Uses the live code of this number and purpose. A missing, expired, used or wrong code is
     * WRONG_VERIFICATION_CODE with value { field: 'verificationCode' }; the fifth wrong try ends the code.
     */
    async verify(merchantCode: string, mobile: MobileNumber, purpose: SmsPurpose, typed: string | undefined) {
      const refuse = () => new DomainError('WRONG_VERIFICATION_CODE', { field: 'verificationCode' });
      const code = (typed ?? '').trim();
      if (!/^\d{4,10}$/.test(code)) throw refuse();
      const now = clock();
      const latest = await smsCodes.latest(merchantCode, mobile.e164, purpose);
      if (!latest || latest.consumedAt || latest.expiresAt <= now || !latest.delivered) throw refuse();
      if (!sameDigest(latest.codeHash, scopedDigest(mobile.e164, code))) {
        await smsCodes.countWrongAttempt(latest.id, now, SMS_MAX_ATTEMPTS);
        throw refuse();
      }
      if (!(await smsCodes.consume(latest.id, now))) throw refuse();
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
