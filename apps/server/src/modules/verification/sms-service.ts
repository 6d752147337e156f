import type { SMS_CODE_PURPOSES } from '@kl/contracts/accounts';
import { sql } from 'drizzle-orm';
import { type AttemptRule, createAttemptCounter } from '../../platform/attempts.ts';
import { addMs, type Clock, DAY_MS, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { randomDigits, sameDigest, scopedDigest } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { OutboxSender } from '../../platform/outbox.ts';
import type { MobileNumber } from './mobile.ts';
import type { SmsCodeRepository } from './repository.ts';

export type SmsPurpose = (typeof SMS_CODE_PURPOSES)[number];

/** A new code may be asked 60 s after the last one (the answer's expirationTime). */
export const SMS_RESEND_MS = 60_000;
/** A code is valid 5 minutes… */
export const SMS_CODE_TTL_MS = 5 * MINUTE_MS;
/** …and survives this many wrong tries. */
export const SMS_MAX_ATTEMPTS = 5;
/** At most this many codes per number per hour… */
export const SMS_PER_NUMBER_PER_HOUR = 5;
/** …this many per number per day (24 hours from the first)… */
export const SMS_PER_NUMBER_PER_DAY = 10;
/** …and this many per client address per day, whatever the numbers (SMS pumping). */
export const SMS_PER_ADDRESS_PER_DAY = 20;

/** The daily caps, on the shared attempt counter (platform/attempts.ts). */
const SMS_NUMBER_SCOPE = 'sms-number';
const SMS_ADDRESS_SCOPE = 'sms-address';
const SMS_NUMBER_RULE: AttemptRule = { limit: SMS_PER_NUMBER_PER_DAY, windowMs: DAY_MS };
const SMS_ADDRESS_RULE: AttemptRule = { limit: SMS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS };

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
  const counter = createAttemptCounter({ db, clock });
  return {
    /**
     * Sends a 6-digit code (product.md §4 SMS). Answers expirationTime, the moment a new code may be asked.
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
        // The daily caps count this send in the transaction that makes it (a refusal rolls its count back):
        // one statement each, so parallel sends from one address to many numbers are counted one by one.
        const byNumber = await counter.hit(
          SMS_NUMBER_SCOPE,
          `${merchantCode}:${mobile.e164}`,
          SMS_NUMBER_RULE,
          tx,
        );
        if (!byNumber.allowed) {
          throw new DomainError('TOO_MANY_REQUESTS', {
            reason: 'SMS_NUMBER_LIMIT',
            retryAfterSeconds: byNumber.retryAfterSeconds,
          });
        }
        const byAddress = await counter.hit(SMS_ADDRESS_SCOPE, request.ip, SMS_ADDRESS_RULE, tx);
        if (!byAddress.allowed) {
          throw new DomainError('TOO_MANY_REQUESTS', {
            reason: 'IP_LIMIT',
            retryAfterSeconds: byAddress.retryAfterSeconds,
          });
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
     * WRONG_VERIFICATION_CODE with value { field: 'verificationCode' }. Each try is counted on the code's
     * row before it is compared, in one statement that refuses a code out of tries, so parallel guesses
     * compare at most SMS_MAX_ATTEMPTS of them; the last wrong try ends the code.
     */
    async verify(merchantCode: string, mobile: MobileNumber, purpose: SmsPurpose, typed: string | undefined) {
      const refuse = () => new DomainError('WRONG_VERIFICATION_CODE', { field: 'verificationCode' });
      const code = (typed ?? '').trim();
      if (!/^\d{4,10}$/.test(code)) throw refuse();
      const now = clock();
      const latest = await smsCodes.latest(merchantCode, mobile.e164, purpose);
      if (!latest || latest.consumedAt || latest.expiresAt <= now || !latest.delivered) throw refuse();
      const tries = await smsCodes.countTry(latest.id, SMS_MAX_ATTEMPTS);
      if (tries === undefined) throw refuse();
      if (!sameDigest(latest.codeHash, scopedDigest(mobile.e164, code))) {
        if (tries >= SMS_MAX_ATTEMPTS) await smsCodes.consume(latest.id, now);
        throw refuse();
      }
      if (!(await smsCodes.consume(latest.id, now))) throw refuse();
    },
  };
}

export type SmsService = ReturnType<typeof createSmsService>;
