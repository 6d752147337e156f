import { createRequire } from 'node:module';
import type { CaptchaChallenge } from '@kl/contracts/accounts';
import { addMs, type Clock, HOUR_MS, MINUTE_MS } from '../../platform/clock.ts';
import { randomDigits, randomToken, sameDigest, scopedDigest } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { OutboxSender } from '../../platform/outbox.ts';
import type { CaptchaRepository } from './repository.ts';

/** A captcha is valid 5 minutes and used once (consumed on the first check, right or wrong). */
export const CAPTCHA_TTL_MS = 5 * MINUTE_MS;
/** Answers are numbers of up to 6 digits. */
const ANSWER = /^\d{1,6}$/;

interface SvgCaptchaOptions {
  width?: number;
  height?: number;
  fontSize?: number;
  noise?: number;
  color?: boolean;
  background?: string;
}
/** svg-captcha draws a given text as SVG paths (its default export; its typings omit it). */
const drawText = createRequire(import.meta.url)('svg-captcha') as (
  text: string,
  options?: SvgCaptchaOptions,
) => string;

/** A 4-digit number, or a small sum or difference whose result is the answer. */
export function newPuzzle(): { shown: string; answer: string } {
  if (Number(randomDigits(1)) < 5) {
    const digits = randomDigits(4);
    return { shown: digits, answer: digits };
  }
  const a = 2 + Number(randomDigits(1)) + Number(randomDigits(1));
  const b = 1 + Number(randomDigits(1));
  return Number(randomDigits(1)) < 5 || b > a
    ? { shown: `${a} + ${b} = ?`, answer: String(a + b) }
    : { shown: `${a} - ${b} = ?`, answer: String(a - b) };
}

export interface CaptchaCheck {
  captchaId?: string | undefined;
  captcha?: string | undefined;
}

export function createCaptchaService(deps: {
  db: Db;
  captchas: CaptchaRepository;
  outbox: OutboxSender;
  clock: Clock;
  puzzle?: () => { shown: string; answer: string };
}) {
  const { db, captchas, outbox, clock } = deps;

  /** True when the answer is right and the captcha live; the captcha is used up either way. */
  async function check(input: CaptchaCheck): Promise<boolean> {
    const id = input.captchaId?.trim();
    if (!id || id.length > 64) return false;
    const now = clock();
    const row = await captchas.consume(id, now);
    const answer = input.captcha?.trim() ?? '';
    if (!row || row.expiresAt <= now || !ANSWER.test(answer)) return false;
    return sameDigest(row.answerHash, scopedDigest(id, answer));
  }

  return {
    /** A new captcha: its id, the SVG image as a data URL and when it expires. */
    async issue(ip: string): Promise<CaptchaChallenge> {
      const now = clock();
      const captchaId = randomToken(18);
      const { shown, answer } = (deps.puzzle ?? newPuzzle)();
      const expiresAt = addMs(now, CAPTCHA_TTL_MS);
      const svg = drawText(shown, {
        width: 150,
        height: 50,
        fontSize: 48,
        noise: 2,
        color: true,
        background: '#f5f0e1',
      });
      await db.transaction(async (tx) => {
        await captchas.deleteExpiredBefore(addMs(now, -HOUR_MS), tx);
        await captchas.insert(
          { id: captchaId, answerHash: scopedDigest(captchaId, answer), expiresAt, ip, createdAt: now },
          tx,
        );
        await outbox.send({ kind: 'captcha', to: captchaId, code: answer, text: `Captcha: ${shown}` }, tx);
      });
      return {
        captchaId,
        image: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    check,

    /** Throws WRONG_VERIFICATION_CODE { field: 'captcha', ...value } unless the captcha is answered. */
    async require(input: CaptchaCheck, value: Record<string, unknown> = {}): Promise<void> {
      if (!(await check(input))) {
        throw new DomainError('WRONG_VERIFICATION_CODE', { field: 'captcha', ...value });
      }
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
