import {
  PRAGMATIC_ERROR,
  PRAGMATIC_ERRORS,
  type PragmaticAuthenticateAnswer,
  pragmaticAuthenticateRequest,
  type PragmaticBalanceAnswer,
  pragmaticBalanceRequest,
  type PragmaticBetAnswer,
  pragmaticBetRequest,
  pragmaticBonusWinRequest,
  type PragmaticCall,
  type PragmaticEndRoundAnswer,
  pragmaticEndRoundRequest,
  type PragmaticError,
  pragmaticJackpotWinRequest,
  type PragmaticMovementAnswer,
  pragmaticPromoWinRequest,
  type PragmaticRefundAnswer,
  pragmaticRefundRequest,
  type PragmaticRefusal,
  pragmaticResultRequest,
} from '@kl/contracts/provider-pragmatic';
import {
  type ProviderCreditKind,
  providerBetRequest,
  providerCreditRequest,
  providerRollbackRequest,
  providerRoundEndRequest,
  type ProviderTransactionResult,
  providerWinRequest,
} from '@kl/contracts/provider-wallet';
import { WALLET_CURRENCY } from '@kl/contracts/wallet';
import { DomainError, isDomainError } from '../../../platform/errors.ts';
import { ADDRESS_NOT_ALLOWED } from '../allowed-addresses.ts';
import { bodyOf, type ProviderWalletService } from '../service.ts';
import { pragmaticAmount, siteAmount } from './amounts.ts';
import { pragmaticErrorOf } from './errors.ts';
import { formParameters, hashMatches } from './hash.ts';
import { pragmaticSecretOf } from './keys.ts';

/**
 * Pragmatic Play's Seamless Wallet API mapped onto the site's provider wallet
 * (docs/decisions/068-pragmatic-adapter.md). A request is Pragmatic's when its provider (named by the path)
 * speaks Pragmatic's protocol and its `hash` is the hash of its parameters under the provider's secret key;
 * then its parameters are read, mapped onto the wallet's calls (`run`: the same rules, ledger posts and
 * idempotency as the site's own protocol), and answered in Pragmatic's shape, amounts in the currency's
 * unit. Every refusal is an answer with Pragmatic's error code.
 */

type Run = ProviderWalletService['run'];
type Provider = NonNullable<Awaited<ReturnType<Run['provider']>>>;

/**
 * A Pragmatic request as it reached the site: the provider of its path, the raw form body and the address
 * it came from (`request.ip`).
 */
export interface PragmaticRequest {
  providerCode: string;
  rawBody: string;
  address: string;
}

/**
 * An answer to send: its JSON text, its error code (0: success), and why a caller was refused before its
 * hash was checked (for the log).
 */
export interface PragmaticReply {
  body: string;
  error: PragmaticError;
  reason?: typeof ADDRESS_NOT_ALLOWED;
}

/** An answer: Pragmatic's fields, the error code and its description last. */
type Answer = { error: number; description: string } & Record<string, unknown>;

/** The session of the call, once known (a refusal for want of money sends the balance). */
interface Context {
  sessionId?: string;
}

/** The operator's transaction answered when no money moved (a win of nothing, a refund of nothing). */
export const NOTHING_MOVED = '0';

const ok = <T extends object>(fields: T) => ({
  ...fields,
  error: PRAGMATIC_ERROR.success,
  description: PRAGMATIC_ERRORS[PRAGMATIC_ERROR.success],
});

const refused = (error: PragmaticError): PragmaticRefusal => ({
  error,
  description: PRAGMATIC_ERRORS[error],
});

/** The balances after a call: the site keeps one balance, which is `cash`; no bonus balance of Pragmatic's. */
const balances = (result: { currency: string; balance: number }) => ({
  currency: result.currency,
  cash: pragmaticAmount(result.balance, result.currency),
  bonus: 0,
});

/** A movement's answer: the ledger transaction that moved the money, and the balances after it. */
const moved = (result: ProviderTransactionResult) => ({
  transactionId: result.operatorTransactionId ?? NOTHING_MOVED,
  ...balances(result),
});

/** Whether `error` is the wallet's refusal of a round it never opened. */
const roundNotFound = (error: unknown) => isDomainError(error) && error.value?.reason === 'ROUND_NOT_FOUND';

export function createPragmaticAdapter(run: Run) {
  /**
   * The session of the call: the one its token names, which must be the named player's (another's is an
   * unknown token); without a token, the player's latest at the provider (of the call's game first).
   */
  async function sessionOf(
    provider: Provider,
    body: { userId: string; token?: string | undefined },
    gameId: string | undefined,
    context: Context,
  ): Promise<string> {
    let sessionId: string;
    if (body.token === undefined) sessionId = await run.sessionOfMember(provider, body.userId, gameId);
    else {
      const session = await run.sessionOfToken(provider, body.token);
      if (session.memberId !== body.userId)
        throw new DomainError('NOT_FOUND', { reason: 'SESSION_NOT_FOUND' });
      sessionId = session.sessionId;
    }
    context.sessionId = sessionId;
    return sessionId;
  }

  const balanceNow = async (provider: Provider, sessionId: string) =>
    balances(await run.balance(provider, { sessionId }));

  /** Nothing moved: no operator transaction, the balances as they are. */
  const nothingMoved = async (provider: Provider, sessionId: string) => ({
    transactionId: NOTHING_MOVED,
    ...(await balanceNow(provider, sessionId)),
  });

  /** A credit without a stake (docs/decisions/065-provider-credits.md); one of nothing moves nothing. */
  async function credit(
    provider: Provider,
    sessionId: string,
    fields: { reference: string; amount: number; currency: string; roundId?: string | undefined },
    kind: { kind: ProviderCreditKind; grantId?: string },
  ): Promise<PragmaticMovementAnswer> {
    if (fields.amount === 0) return ok(await nothingMoved(provider, sessionId));
    const result = await run.credit(
      provider,
      bodyOf(providerCreditRequest, {
        sessionId,
        transactionId: fields.reference,
        ...kind,
        amount: fields.amount,
        currency: fields.currency,
        ...(fields.roundId !== undefined && { roundId: fields.roundId }),
      }),
    );
    return ok(moved(result));
  }

  type Parameters = Record<string, string>;
  const calls: Record<
    PragmaticCall,
    (provider: Provider, parameters: Parameters, context: Context) => Promise<Answer>
  > = {
    async authenticate(provider, parameters, context) {
      const body = bodyOf(pragmaticAuthenticateRequest, parameters);
      const { sessionId, memberId } = await run.sessionOfToken(provider, body.token);
      context.sessionId = sessionId;
      // The token goes back: Pragmatic, set up to, sends it with the session's calls.
      return ok({
        userId: memberId,
        ...(await balanceNow(provider, sessionId)),
        token: body.token,
      }) satisfies PragmaticAuthenticateAnswer;
    },

    async balance(provider, parameters, context) {
      const body = bodyOf(pragmaticBalanceRequest, parameters);
      const sessionId = await sessionOf(provider, body, undefined, context);
      return ok(await balanceNow(provider, sessionId)) satisfies PragmaticBalanceAnswer;
    },

    async bet(provider, parameters, context) {
      const body = bodyOf(pragmaticBetRequest, parameters);
      const sessionId = await sessionOf(provider, body, body.gameId, context);
      const amount = siteAmount(body.amount, WALLET_CURRENCY);
      // A free round's stake is the bonus's, not the player's, and a stake of nothing takes nothing: nothing
      // moves and nothing is recorded (a refund of it refunds nothing; its round's win comes as the bonus's).
      if (body.bonusCode !== undefined || amount === 0)
        return ok({
          ...(await nothingMoved(provider, sessionId)),
          usedPromo: 0,
        }) satisfies PragmaticBetAnswer;
      const result = await run.bet(
        provider,
        bodyOf(providerBetRequest, {
          sessionId,
          transactionId: body.reference,
          roundId: body.roundId,
          amount,
          currency: WALLET_CURRENCY,
        }),
      );
      return ok({ ...moved(result), usedPromo: 0 }) satisfies PragmaticBetAnswer;
    },

    async result(provider, parameters, context) {
      const body = bodyOf(pragmaticResultRequest, parameters);
      const sessionId = await sessionOf(provider, body, body.gameId, context);
      const amount = siteAmount(body.amount, WALLET_CURRENCY);
      const promo = body.promoWinAmount === undefined ? 0 : siteAmount(body.promoWinAmount, WALLET_CURRENCY);
      if (promo > 0 && body.promoWinReference === undefined)
        throw new DomainError('INVALID_INPUT', { reason: 'PROMO_WIN_REFERENCE_MISSING' });
      let answer: PragmaticMovementAnswer;
      if (body.bonusCode !== undefined) {
        // A free round's win is paid once the bonus is over, in all, by bonusWin.
        answer = ok(await nothingMoved(provider, sessionId));
      } else {
        try {
          const result = await run.win(
            provider,
            bodyOf(providerWinRequest, {
              sessionId,
              transactionId: body.reference,
              roundId: body.roundId,
              amount,
              currency: WALLET_CURRENCY,
              // The round's result is its last movement: it ends the round.
              roundClosed: true,
            }),
          );
          answer = ok(moved(result));
        } catch (error) {
          // The loss of a round none of whose stakes was taken (a stake of nothing): nothing to pay.
          if (amount !== 0 || !roundNotFound(error)) throw error;
          answer = ok(await nothingMoved(provider, sessionId));
        }
      }
      if (promo === 0 || body.promoWinReference === undefined) return answer;
      // A prize drop paid with the round, under its own reference.
      const prize = await credit(
        provider,
        sessionId,
        {
          reference: body.promoWinReference,
          amount: promo,
          currency: WALLET_CURRENCY,
          roundId: body.roundId,
        },
        { kind: 'promo' },
      );
      return { ...prize, transactionId: answer.transactionId };
    },

    async bonusWin(provider, parameters, context) {
      const body = bodyOf(pragmaticBonusWinRequest, parameters);
      const sessionId = await sessionOf(provider, body, body.gameId, context);
      const amount = siteAmount(body.amount, WALLET_CURRENCY);
      // The free rounds the site granted the member at this provider, which `bonusCode` names; else a
      // bonus of Pragmatic's (a campaign, a prize drop's free rounds) under the merchant's bonus terms.
      const grantId =
        amount === 0 ? undefined : await run.freeRoundsNamed(provider, sessionId, body.bonusCode);
      return credit(
        provider,
        sessionId,
        { ...body, amount, currency: WALLET_CURRENCY },
        grantId === undefined ? { kind: 'bonus' } : { kind: 'free_round', grantId },
      );
    },

    async jackpotWin(provider, parameters, context) {
      const body = bodyOf(pragmaticJackpotWinRequest, parameters);
      const sessionId = await sessionOf(provider, body, body.gameId, context);
      const amount = siteAmount(body.amount, WALLET_CURRENCY);
      return credit(provider, sessionId, { ...body, amount, currency: WALLET_CURRENCY }, { kind: 'jackpot' });
    },

    async promoWin(provider, parameters, context) {
      const body = bodyOf(pragmaticPromoWinRequest, parameters);
      const sessionId = await sessionOf(provider, body, body.gameId, context);
      const amount = siteAmount(body.amount, body.currency);
      return credit(provider, sessionId, { ...body, amount }, { kind: 'promo' });
    },

    async refund(provider, parameters, context) {
      const body = bodyOf(pragmaticRefundRequest, parameters);
      const sessionId = await sessionOf(provider, body, body.gameId, context);
      // A refund names the stake; its own id is made of it (once per stake, as Pragmatic's refunds are).
      // A stake never taken refunds nothing and is refused if it comes later.
      const result = await run.rollback(
        provider,
        bodyOf(providerRollbackRequest, {
          sessionId,
          transactionId: `refund:${body.reference}`,
          betTransactionId: body.reference,
        }),
      );
      return ok({
        transactionId: result.operatorTransactionId ?? NOTHING_MOVED,
      }) satisfies PragmaticRefundAnswer;
    },

    async endRound(provider, parameters, context) {
      const body = bodyOf(pragmaticEndRoundRequest, parameters);
      const sessionId = await sessionOf(provider, body, body.gameId, context);
      // Pragmatic asks that a round ended before be answered as ended; so is one never opened here (a free
      // round's, one of no stake): nothing is left to end.
      let now: { currency: string; balance: number } | undefined;
      if (body.bonusCode === undefined) {
        try {
          now = await run.roundEnd(
            provider,
            bodyOf(providerRoundEndRequest, { sessionId, roundId: body.roundId }),
          );
        } catch (error) {
          if (!roundNotFound(error)) throw error;
        }
      }
      const { cash, bonus } = now === undefined ? await balanceNow(provider, sessionId) : balances(now);
      return ok({ cash, bonus }) satisfies PragmaticEndRoundAnswer;
    },
  };

  /** A refusal in Pragmatic's shape; want of money sends the balances too. */
  async function refusal(provider: Provider, error: PragmaticError, context: Context): Promise<Answer> {
    const { sessionId } = context;
    if (error !== PRAGMATIC_ERROR.insufficientBalance || sessionId === undefined) return refused(error);
    return { ...(await balanceNow(provider, sessionId)), ...refused(error) };
  }

  const reply = (answer: Answer): PragmaticReply => ({
    body: JSON.stringify(answer),
    error: answer.error as PragmaticError,
  });

  return {
    /**
     * Pragmatic's call answered: the request's provider must speak Pragmatic's protocol, the request come
     * from one of its allowed addresses when it has some (docs/decisions/069-provider-address-allow-list.md)
     * and its hash be its parameters' under the provider's secret key (else error 5, as for an unknown
     * provider), its parameters each named once (else 7), the provider switched on (else 100: sent again
     * later), and its parameters the call's (else 7). What is not a refusal of the call (the database down, a fault,
     * settings that do not read) is thrown, for the routes to answer and log.
     */
    async answer(call: PragmaticCall, request: PragmaticRequest): Promise<PragmaticReply> {
      const provider = await run.provider(request.providerCode);
      if (provider?.protocol !== 'pragmatic' || provider.protocolSettings === null)
        return reply(refused(PRAGMATIC_ERROR.invalidHash));
      if (!provider.allowsAddress(request.address))
        return { ...reply(refused(PRAGMATIC_ERROR.invalidHash)), reason: ADDRESS_NOT_ALLOWED };
      const parameters = formParameters(request.rawBody);
      if (parameters === undefined) return reply(refused(PRAGMATIC_ERROR.badParameters));
      if (!hashMatches(parameters, pragmaticSecretOf(provider.protocolSettings)))
        return reply(refused(PRAGMATIC_ERROR.invalidHash));
      if (!provider.enabled) return reply(refused(PRAGMATIC_ERROR.retry));
      const context: Context = {};
      try {
        return reply(await calls[call](provider, Object.fromEntries(parameters), context));
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return reply(await refusal(provider, pragmaticErrorOf(error.code, error.value), context));
      }
    },

    /** The answer of a request refused before or outside a call: a body too large or not a form, a fault. */
    failure(error: PragmaticError): PragmaticReply {
      return reply(refused(error));
    },
  };
}

export type PragmaticAdapter = ReturnType<typeof createPragmaticAdapter>;
