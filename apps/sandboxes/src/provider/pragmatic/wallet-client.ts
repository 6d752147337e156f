import type { ErrorCode } from '@kl/contracts/errors';
import { ERROR_CATALOGUE } from '@kl/contracts/errors';
import {
  PRAGMATIC_CONTENT_TYPE,
  PRAGMATIC_ERROR,
  PRAGMATIC_WALLET_PATH,
  pragmaticAuthenticateAnswer,
  pragmaticBalanceAnswer,
  pragmaticBetAnswer,
  type PragmaticCall,
  pragmaticEndRoundAnswer,
  pragmaticMovementAnswer,
  pragmaticRefundAnswer,
} from '@kl/contracts/provider-pragmatic';
import type {
  ProviderAction,
  ProviderCreditRequest,
  ProviderStatus,
  ProviderTransactionResult,
} from '@kl/contracts/provider-wallet';
import { SANDBOX_PRAGMATIC_CODE } from '@kl/contracts/sandbox-provider';
import type { z } from 'zod';
import type { Clock } from '../../platform/clock.ts';
import type { PragmaticLaunchRow } from '../repository.ts';
import {
  createWalletTransport,
  NoAnswer,
  type WalletClient,
  WalletRefusal,
  type WalletTransportOptions,
  WalletUnreachable,
} from '../wallet-client.ts';
import { pragmaticForm } from './hash.ts';
import type { PragmaticRecords } from './records.ts';

/**
 * The sandbox provider's wallet calls in Pragmatic Play's protocol (docs/decisions/068-pragmatic-adapter.md,
 * docs/decisions/071-sandbox-pragmatic.md), behind the native client's interface so the games never know
 * which protocol a session speaks. Each call is a form POST to
 * `<site>/api/provider-wallet/pragmatic/<provider code>/<call>.html`, hashed with the secret key both sides
 * hold, naming the player by the site's `userId` and carrying the launch token `authenticate` exchanged (as
 * Pragmatic does when set up to send it back), so every call lands in the session the token opened.
 *
 * The site answers every call HTTP 200 JSON with `error`. 0 is the answer; 100 and 130 (a fault of the
 * site's, to be sent again) and anything that is not an answer of the call's shape are no answer, and the
 * call is sent again like the native client's, the same `reference` (the site answers a repeated one with
 * its first answer); any other error is a `WalletRefusal` with the site's catalogue code. A stake refused
 * with an error after which Pragmatic refunds it, or left without an answer, is refunded at once, as
 * Pragmatic's own reconciliation would. Amounts are decimals in the currency's unit: whole đồng for VND.
 */

export interface PragmaticWalletClientOptions extends WalletTransportOptions {
  /** The site's base URL (`http://127.0.0.1:8080`); read at each call. */
  siteUrl: () => string;
  /** The provider's code at the site: its endpoint's last segment. */
  providerCode?: string;
  secretKey: string;
  records: PragmaticRecords;
  clock: Clock;
}

/** Pragmatic's name of itself in every call. */
export const PRAGMATIC_PROVIDER_ID = 'PragmaticPlay';

/** Digits of the site's minor unit after the currency unit (the site keeps VND, counted in whole đồng). */
const MINOR_UNIT_DIGITS: Readonly<Record<string, number>> = { VND: 0 };

function digitsOf(currency: string): number {
  const digits = MINOR_UNIT_DIGITS[currency];
  if (digits === undefined) throw new RangeError(`no Pragmatic amounts for the currency ${currency}`);
  return digits;
}

/** A site amount (minor units) as Pragmatic writes it: a decimal in the currency's unit, two places. */
export function pragmaticDecimalOf(amount: number, currency: string): string {
  const digits = digitsOf(currency);
  const text = String(amount).padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits).padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** A balance Pragmatic reads (a number in the currency's unit) in the site's minor units. */
const siteAmountOf = (value: number, currency: string) => Math.round(value * 10 ** digitsOf(currency));

/** A stake refused with one of these is refunded by Pragmatic (decision 068's list of the codes). */
const REFUNDED_AFTER: ReadonlySet<number> = new Set([2, 4, 5, 6, 7, 8, 100, 210]);

/** Pragmatic's error codes that are a fault of the site's: the call is sent again. */
const RETRIED: ReadonlySet<number> = new Set([PRAGMATIC_ERROR.retry, PRAGMATIC_ERROR.endRoundRetry]);

/**
 * The site's catalogue code and provider status of Pragmatic's error, as the site's adapter maps them
 * (`apps/server/src/modules/provider-wallet/pragmatic/errors.ts`, read backwards), so the games treat a
 * refusal the same whichever protocol gave it.
 */
const REFUSALS: Readonly<Record<number, readonly [ErrorCode, ProviderStatus]>> = {
  [PRAGMATIC_ERROR.insufficientBalance]: ['INSUFFICIENT_BALANCE', 'RS_ERROR_NOT_ENOUGH_MONEY'],
  [PRAGMATIC_ERROR.playerNotFound]: ['SESSION_EXPIRED', 'RS_ERROR_INVALID_TOKEN'],
  [PRAGMATIC_ERROR.betNotAllowed]: ['ACCOUNT_TIMED_OUT', 'RS_ERROR_USER_DISABLED'],
  [PRAGMATIC_ERROR.authenticationFailed]: ['SESSION_EXPIRED', 'RS_ERROR_TOKEN_EXPIRED'],
  [PRAGMATIC_ERROR.invalidHash]: ['PROVIDER_SIGNATURE_INVALID', 'RS_ERROR_INVALID_SIGNATURE'],
  [PRAGMATIC_ERROR.playerFrozen]: ['ACCOUNT_UNAVAILABLE', 'RS_ERROR_USER_DISABLED'],
  [PRAGMATIC_ERROR.badParameters]: ['INVALID_INPUT', 'RS_ERROR_WRONG_SYNTAX'],
  8: ['NOT_FOUND', 'RS_ERROR_WRONG_SYNTAX'],
  // What the site refuses for good: a reference spent, a stake a refund took first, a stake into an ended
  // round, a refund of a stake that counted. Read as the round closed, as the games' recovery needs (the
  // Hub88 client reads RS_ERROR_UNKNOWN so, docs/decisions/067-sandbox-hub88.md).
  [PRAGMATIC_ERROR.noRetry]: ['GAME_ROUND_CLOSED', 'RS_ERROR_UNKNOWN'],
};

/** The site refused the call: its catalogue code and provider status, and Pragmatic's error. */
export class PragmaticRefusal extends WalletRefusal {
  constructor(
    readonly error: number,
    code: ErrorCode,
    providerStatus: ProviderStatus,
  ) {
    super(code, ERROR_CATALOGUE[code].status, providerStatus);
    this.name = 'PragmaticRefusal';
  }
}

function refusalOf(error: number, call: PragmaticCall): PragmaticRefusal {
  // The launch token refused at its exchange: the launch's link, not a session, has expired.
  if (call === 'authenticate' && error === PRAGMATIC_ERROR.authenticationFailed)
    return new PragmaticRefusal(error, 'LAUNCH_LINK_EXPIRED', 'RS_ERROR_INVALID_TOKEN');
  const [code, status] = REFUSALS[error] ?? ['INVALID_INPUT', 'RS_ERROR_WRONG_SYNTAX'];
  return new PragmaticRefusal(error, code, status);
}

const ANSWERS = {
  authenticate: pragmaticAuthenticateAnswer,
  balance: pragmaticBalanceAnswer,
  bet: pragmaticBetAnswer,
  result: pragmaticMovementAnswer,
  bonusWin: pragmaticMovementAnswer,
  jackpotWin: pragmaticMovementAnswer,
  promoWin: pragmaticMovementAnswer,
  refund: pragmaticRefundAnswer,
  endRound: pragmaticEndRoundAnswer,
} as const satisfies Record<PragmaticCall, z.ZodType>;
type Answer<C extends PragmaticCall> = z.infer<(typeof ANSWERS)[C]>;

/** A call's parameters besides Pragmatic's id, the player and the token. */
type Parameters = Record<string, string | undefined>;

/** The operator's transaction of a movement; `0` is the site's word for nothing moved. */
const operatorTransactionOf = (transactionId: string) => (transactionId === '0' ? null : transactionId);

export function createPragmaticWalletClient(options: PragmaticWalletClientOptions): WalletClient {
  const { records, clock } = options;
  const transport = createWalletTransport(options);
  const endpoint = `${PRAGMATIC_WALLET_PATH}/${options.providerCode ?? SANDBOX_PRAGMATIC_CODE}`;

  /** One attempt: the form hashed; an answer counts when it is JSON of the call's shape. */
  async function attempt<C extends PragmaticCall>(call: C, parameters: Record<string, string>) {
    const response = await transport.post(
      new URL(`${endpoint}/${call}.html`, options.siteUrl()),
      { 'content-type': PRAGMATIC_CONTENT_TYPE, accept: 'application/json' },
      pragmaticForm(parameters, options.secretKey),
    );
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw new NoAnswer(`${call}: not JSON`, { cause: error });
    }
    const error = (json as { error?: unknown } | null)?.error;
    if (typeof error !== 'number') throw new NoAnswer(`${call}: not an answer (HTTP ${response.status})`);
    if (RETRIED.has(error)) throw new NoAnswer(`${call}: error ${error}, to be sent again`);
    if (error !== PRAGMATIC_ERROR.success) throw refusalOf(error, call);
    const answer = ANSWERS[call].safeParse(json);
    if (!answer.success) throw new NoAnswer(`${call}: not the call's answer`);
    return answer.data as Answer<C>;
  }

  /** A call made, sent again while it gets no answer; the parameters left out when undefined. */
  function send<C extends PragmaticCall>(
    action: ProviderAction,
    call: C,
    player: { token: string; playerId?: string | null },
    parameters: Parameters = {},
  ): Promise<Answer<C>> {
    const form: Record<string, string> = { providerId: PRAGMATIC_PROVIDER_ID, token: player.token };
    if (player.playerId) form.userId = player.playerId;
    for (const [name, value] of Object.entries(parameters)) if (value !== undefined) form[name] = value;
    return transport.call(action, () => attempt(call, form));
  }

  /** The opened launch behind a wallet session; a session of none is no session at the site either. */
  async function launchOf(
    sessionId: string,
  ): Promise<PragmaticLaunchRow & { playerId: string; currency: string }> {
    const launch = await records.launch(sessionId);
    if (!launch?.playerId || !launch.currency)
      throw new PragmaticRefusal(
        PRAGMATIC_ERROR.authenticationFailed,
        'SESSION_EXPIRED',
        'RS_ERROR_INVALID_TOKEN',
      );
    return { ...launch, playerId: launch.playerId, currency: launch.currency };
  }

  const now = () => String(clock().getTime());
  const balanceOf = (answer: { currency: string; cash: number }) => ({
    currency: answer.currency,
    balance: siteAmountOf(answer.cash, answer.currency),
  });

  const moved = (
    transactionId: string,
    answer: { transactionId: string; currency: string; cash: number },
  ): ProviderTransactionResult => ({
    status: 'RS_OK',
    transactionId,
    operatorTransactionId: operatorTransactionOf(answer.transactionId),
    ...balanceOf(answer),
  });

  /** The round a movement is played in: the launch's game, the round, what it was (statistics only). */
  const inRound = (launch: PragmaticLaunchRow, roundId: string) => ({
    gameId: launch.symbol,
    roundId,
    roundDetails: 'spin',
  });

  /**
   * A stake given back by its reference, as Pragmatic refunds one refused or left without an answer: sent
   * once here, its failure left to the game's recovery (which refunds the same reference again).
   */
  async function refundQuietly(
    launch: PragmaticLaunchRow & { playerId: string },
    reference: string,
    roundId: string,
  ) {
    try {
      await send('rollback', 'refund', launch, { reference, ...inRound(launch, roundId) });
    } catch {
      // The spin stays pending: `recover` sends the refund again.
    }
  }

  /**
   * A free round's win (docs/decisions/065-provider-credits.md): Pragmatic plays a bonus's round as a stake
   * with `bonusCode` (the bonus's money, not the player's) and its result, and pays what it won by
   * `bonusWin` naming the bonus; the sandbox's bonus is one round at a time, so each round's win is paid at
   * once. The ids derive from the credit's, so a credit sent again is the same three calls.
   */
  async function freeRoundWin(body: ProviderCreditRequest): Promise<ProviderTransactionResult> {
    if (body.kind !== 'free_round' || body.grantId === undefined)
      throw new Error(`the sandbox sends no ${body.kind} credit in Pragmatic's protocol`);
    const launch = await launchOf(body.sessionId);
    const grant = await records.freeRounds(body.grantId);
    if (!grant) throw new Error(`no free rounds ${body.grantId} to credit a round of`);
    const round = { ...inRound(launch, body.roundId ?? body.transactionId), bonusCode: grant.id };
    await send('credit', 'bet', launch, {
      ...round,
      reference: `${body.transactionId}:bet`,
      amount: pragmaticDecimalOf(Number(grant.roundValue), body.currency),
      timestamp: now(),
    });
    await send('credit', 'result', launch, {
      ...round,
      reference: `${body.transactionId}:result`,
      amount: pragmaticDecimalOf(body.amount, body.currency),
      timestamp: now(),
    });
    const answer = await send('credit', 'bonusWin', launch, {
      reference: body.transactionId,
      bonusCode: grant.id,
      gameId: launch.symbol,
      roundId: round.roundId,
      amount: pragmaticDecimalOf(body.amount, body.currency),
      timestamp: now(),
    });
    return moved(body.transactionId, answer);
  }

  return {
    /**
     * A session of a launch the game server recorded, opened once with the launch's id (the game client's
     * address carries it): `authenticate` exchanges the launch's token, and answers the player.
     */
    async authenticate({ token: launchId }) {
      const launch = await records.find(launchId);
      if (!launch || launch.openedAt !== null)
        throw refusalOf(PRAGMATIC_ERROR.authenticationFailed, 'authenticate');
      const answer = await send('authenticate', 'authenticate', launch, { gameId: launch.symbol });
      const opened = await records.open(launch.id, { playerId: answer.userId, currency: answer.currency });
      // Opened by a racing request meanwhile: that one has the session.
      if (!opened) throw refusalOf(PRAGMATIC_ERROR.authenticationFailed, 'authenticate');
      return {
        status: 'RS_OK',
        sessionId: launch.id,
        // The operator's user id is all Pragmatic knows of the player.
        playerId: answer.userId,
        playerName: answer.userId,
        ...balanceOf(answer),
        gameId: launch.symbol,
        demo: false,
      };
    },

    async balance({ sessionId }) {
      const answer = await send('balance', 'balance', await launchOf(sessionId));
      return { status: 'RS_OK', ...balanceOf(answer) };
    },

    async bet(body) {
      const launch = await launchOf(body.sessionId);
      try {
        const answer = await send('bet', 'bet', launch, {
          ...inRound(launch, body.roundId),
          reference: body.transactionId,
          amount: pragmaticDecimalOf(body.amount, body.currency),
          timestamp: now(),
        });
        return moved(body.transactionId, answer);
      } catch (error) {
        const refunded =
          error instanceof WalletUnreachable ||
          (error instanceof PragmaticRefusal && REFUNDED_AFTER.has(error.error));
        if (refunded) await refundQuietly(launch, body.transactionId, body.roundId);
        throw error;
      }
    },

    /**
     * The round's result: Pragmatic's `result` pays the win and ends the round at the site (decision 068),
     * so every win here is the round's last; a win that closes the round is followed by `endRound`.
     */
    async win(body) {
      const launch = await launchOf(body.sessionId);
      const answer = await send('win', 'result', launch, {
        ...inRound(launch, body.roundId),
        reference: body.transactionId,
        amount: pragmaticDecimalOf(body.amount, body.currency),
        timestamp: now(),
      });
      if (body.roundClosed === true)
        await send('round-end', 'endRound', launch, {
          gameId: launch.symbol,
          roundId: body.roundId,
          win: pragmaticDecimalOf(body.amount, body.currency),
        });
      return moved(body.transactionId, answer);
    },

    /** The stake given back: Pragmatic's `refund` names the stake, and answers no balance (read after it). */
    async rollback(body) {
      const launch = await launchOf(body.sessionId);
      const refund = await send('rollback', 'refund', launch, { reference: body.betTransactionId });
      const after = await send('balance', 'balance', launch);
      return {
        status: 'RS_OK',
        transactionId: body.transactionId,
        operatorTransactionId: operatorTransactionOf(refund.transactionId),
        ...balanceOf(after),
      };
    },

    async roundEnd({ sessionId, roundId }) {
      const launch = await launchOf(sessionId);
      const answer = await send('round-end', 'endRound', launch, { gameId: launch.symbol, roundId });
      return {
        status: 'RS_OK',
        roundId,
        currency: launch.currency,
        balance: siteAmountOf(answer.cash, launch.currency),
      };
    },

    credit: freeRoundWin,
  };
}
