import {
  type Hub88Answer,
  hub88BalanceRequest,
  hub88BetRequest,
  type Hub88Call,
  hub88RollbackRequest,
  type Hub88Status,
  hub88UserInfoAnswer,
  hub88UserInfoRequest,
  type Hub88WinRequest,
  hub88WinRequest,
} from '@kl/contracts/provider-hub88';
import {
  type ProviderCreditKind,
  providerBetRequest,
  providerCreditRequest,
  providerRollbackRequest,
  providerWinRequest,
} from '@kl/contracts/provider-wallet';
import { DomainError, isDomainError } from '../../../platform/errors.ts';
import { signRsaSha256, verifyRsaSha256 } from '@kl/signing/rsa';
import { ADDRESS_NOT_ALLOWED } from '../allowed-addresses.ts';
import { bodyOf, jsonOf, type ProviderWalletService } from '../service.ts';
import { hub88Amount, siteAmount } from './amounts.ts';
import { type Hub88Keys, hub88KeysOf } from './keys.ts';
import { hub88StatusOf } from './statuses.ts';

/**
 * Hub88's Operator Wallet API mapped onto the site's provider wallet (docs/decisions/066-hub88-adapter.md).
 * A request is Hub88's when its provider (named by the path) speaks Hub88's protocol and its body carries
 * the signature of Hub88's private key; then its body is read, mapped onto the wallet's calls (`run`: the
 * same rules, ledger posts and idempotency as the site's own protocol), and answered in Hub88's shape, in
 * Hub88's units, signed with the operator's private key. Every refusal is an answer with Hub88's status.
 */

type Run = ProviderWalletService['run'];
type Provider = NonNullable<Awaited<ReturnType<Run['provider']>>>;

/**
 * A Hub88 request as it reached the site: the provider of its path, its signature, the raw body and the
 * address it came from (`request.ip`).
 */
export interface Hub88Request {
  providerCode: string;
  signature: string | undefined;
  rawBody: string;
  address: string;
}

/**
 * An answer to send: its JSON text, its signature (none when the provider's keys are unknown), its status,
 * and why a caller was refused before its signature was checked (for the log).
 */
export interface Hub88Reply {
  body: string;
  signature: string | undefined;
  status: Hub88Status;
  reason?: typeof ADDRESS_NOT_ALLOWED;
}

/** What an answer says: Hub88's fields (`balance` in Hub88's units, exact). */
type Answer = Omit<Hub88Answer, 'balance'> & { balance?: bigint; country?: string };

/** The session a call's token names and its player, once known (a refusal of not enough money sends the balance). */
interface Context {
  session?: { sessionId: string; user: string };
}

/**
 * The JSON text of an answer. The balance is written as the exact integer it is: in Hub88's units a
 * balance of 90 billion đồng is past what a JavaScript number holds.
 */
function answerText(answer: Answer): string {
  const { balance, ...rest } = answer;
  const text = JSON.stringify(rest);
  return balance === undefined ? text : `${text.slice(0, -1)},"balance":${balance.toString()}}`;
}

/** `request_uuid` of a body not (yet) trusted, for the answer to echo; '' when it has none. */
function requestUuidOf(rawBody: string): string {
  try {
    const value: unknown = (JSON.parse(rawBody) as { request_uuid?: unknown }).request_uuid;
    return typeof value === 'string' ? value.slice(0, 255) : '';
  } catch {
    return '';
  }
}

export function createHub88Adapter(run: Run) {
  /** The session of the call's token, which must be the named user's (another's is an unknown token). */
  async function sessionOf(
    provider: Provider,
    body: { token: string; user: string },
    context: Context,
  ): Promise<string> {
    const { sessionId, memberId } = await run.sessionOfToken(provider, body.token);
    // The token of another player's session names no session of this one.
    if (memberId !== body.user) throw new DomainError('NOT_FOUND', { reason: 'SESSION_NOT_FOUND' });
    context.session = { sessionId, user: body.user };
    return sessionId;
  }

  /** The answer of a call within a session: the player, the currency and the balance after the call. */
  const balanceAnswer = (
    user: string,
    requestUuid: string,
    result: { currency: string; balance: number },
  ) => ({
    status: 'RS_OK' as const,
    request_uuid: requestUuid,
    user,
    currency: result.currency,
    balance: hub88Amount(result.balance, result.currency),
  });

  async function balanceNow(provider: Provider, sessionId: string, user: string, requestUuid: string) {
    return balanceAnswer(user, requestUuid, await run.balance(provider, { sessionId }));
  }

  /** The credit kind of a free or promotional win, from what never changes: its flags and the reward named. */
  async function creditKindOf(
    provider: Provider,
    body: Hub88WinRequest,
    sessionId: string,
  ): Promise<{ kind: ProviderCreditKind; grantId?: string }> {
    if (body.is_supplier_promo) return { kind: 'promo' };
    const reward = body.reward_uuid ?? undefined;
    const grantId = reward === undefined ? undefined : await run.freeRoundsNamed(provider, sessionId, reward);
    return grantId === undefined ? { kind: 'bonus' } : { kind: 'free_round', grantId };
  }

  const calls: Record<Hub88Call, (provider: Provider, json: unknown, context: Context) => Promise<Answer>> = {
    async 'user/info'(provider, json) {
      const body = bodyOf(hub88UserInfoRequest, json);
      const player = await run.player(provider, body.user);
      // The site keeps no country of a member: none is sent (Hub88 asks for what is known).
      return hub88UserInfoAnswer.parse({ status: 'RS_OK', request_uuid: body.request_uuid, user: player.id });
    },

    async 'user/balance'(provider, json, context) {
      const body = bodyOf(hub88BalanceRequest, json);
      const sessionId = await sessionOf(provider, body, context);
      return balanceNow(provider, sessionId, body.user, body.request_uuid);
    },

    async 'transaction/bet'(provider, json, context) {
      const body = bodyOf(hub88BetRequest, json);
      const sessionId = await sessionOf(provider, body, context);
      // A free bet is the reward's money, not the player's (a supplier's promotion is one too): nothing
      // moves and nothing is recorded; its win comes as a credit (below), and a rollback of it refunds
      // nothing.
      if (body.is_free || body.is_supplier_promo)
        return balanceNow(provider, sessionId, body.user, body.request_uuid);
      const roundId = body.round ?? body.transaction_uuid;
      const result = await run.bet(
        provider,
        bodyOf(providerBetRequest, {
          sessionId,
          transactionId: body.transaction_uuid,
          roundId,
          amount: siteAmount(body.amount, body.currency),
          currency: body.currency,
        }),
      );
      if (body.round_closed) await run.roundEnd(provider, { sessionId, roundId });
      return balanceAnswer(body.user, body.request_uuid, result);
    },

    async 'transaction/win'(provider, json, context) {
      const body = bodyOf(hub88WinRequest, json);
      const sessionId = await sessionOf(provider, body, context);
      const amount = siteAmount(body.amount, body.currency);
      if (body.is_free || body.is_supplier_promo) {
        // What no stake of the player bought (docs/decisions/065-provider-credits.md); a win of nothing
        // moves nothing.
        if (amount === 0) return balanceNow(provider, sessionId, body.user, body.request_uuid);
        const result = await run.credit(
          provider,
          bodyOf(providerCreditRequest, {
            sessionId,
            transactionId: body.transaction_uuid,
            ...(await creditKindOf(provider, body, sessionId)),
            amount,
            currency: body.currency,
            ...(body.round != null && { roundId: body.round }),
          }),
        );
        return balanceAnswer(body.user, body.request_uuid, result);
      }
      const result = await run.win(
        provider,
        bodyOf(providerWinRequest, {
          sessionId,
          transactionId: body.transaction_uuid,
          // Without a round, its bet's: a bet without one plays in a round of its own id.
          roundId: body.round ?? body.reference_transaction_uuid,
          amount,
          currency: body.currency,
          roundClosed: body.round_closed ?? false,
        }),
      );
      return balanceAnswer(body.user, body.request_uuid, result);
    },

    async 'transaction/rollback'(provider, json, context) {
      const body = bodyOf(hub88RollbackRequest, json);
      const sessionId = await sessionOf(provider, body, context);
      const result = await run.rollback(
        provider,
        bodyOf(providerRollbackRequest, {
          sessionId,
          transactionId: body.transaction_uuid,
          betTransactionId: body.reference_transaction_uuid,
        }),
      );
      return balanceAnswer(body.user, body.request_uuid, result);
    },
  };

  /** A refusal in Hub88's shape; not enough money sends the balance too, as Hub88 asks. */
  async function refusal(
    provider: Provider,
    status: Hub88Status,
    rawBody: string,
    context: Context,
  ): Promise<Answer> {
    const answer: Answer = { status, request_uuid: requestUuidOf(rawBody) };
    const { session } = context;
    if (status !== 'RS_ERROR_NOT_ENOUGH_MONEY' || session === undefined) return answer;
    return { ...(await balanceNow(provider, session.sessionId, session.user, answer.request_uuid)), status };
  }

  const reply = (answer: Answer, keys: Hub88Keys | undefined): Hub88Reply => {
    const body = answerText(answer);
    return { body, signature: keys && signRsaSha256(keys.operator, body), status: answer.status };
  };

  return {
    /**
     * Hub88's call answered: the request's provider must speak Hub88's protocol, the request come from one
     * of its allowed addresses when it has some (docs/decisions/069-provider-address-allow-list.md) and be
     * signed with Hub88's private key (else RS_ERROR_INVALID_SIGNATURE, as for an unknown provider), the
     * provider be switched on (RS_ERROR_INVALID_PARTNER), and its body must be the call's
     * (RS_ERROR_WRONG_SYNTAX). What is not a refusal of the call (the database down, a fault) is thrown, for
     * the routes to answer and log.
     */
    async answer(call: Hub88Call, request: Hub88Request): Promise<Hub88Reply> {
      const provider = await run.provider(request.providerCode);
      if (provider?.protocol !== 'hub88' || provider.protocolSettings === null) {
        return reply(
          { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: requestUuidOf(request.rawBody) },
          undefined,
        );
      }
      const keys = hub88KeysOf(provider.protocolSettings);
      const status = (value: Hub88Status) =>
        reply({ status: value, request_uuid: requestUuidOf(request.rawBody) }, keys);
      if (!provider.allowsAddress(request.address))
        return { ...status('RS_ERROR_INVALID_SIGNATURE'), reason: ADDRESS_NOT_ALLOWED };
      if (!verifyRsaSha256(keys.hub88, request.rawBody, request.signature))
        return status('RS_ERROR_INVALID_SIGNATURE');
      if (!provider.enabled) return status('RS_ERROR_INVALID_PARTNER');
      const context: Context = {};
      try {
        return reply(await calls[call](provider, jsonOf(request.rawBody), context), keys);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return reply(
          await refusal(provider, hub88StatusOf(error.code, error.value), request.rawBody, context),
          keys,
        );
      }
    },

    /**
     * An answer for a request refused before or outside a call (a body too large, a fault), signed when
     * its provider's keys can be read.
     */
    async failure(request: Hub88Request, status: Hub88Status): Promise<Hub88Reply> {
      let keys: Hub88Keys | undefined;
      try {
        const provider = await run.provider(request.providerCode);
        if (provider?.protocol === 'hub88' && provider.protocolSettings !== null)
          keys = hub88KeysOf(provider.protocolSettings);
      } catch {
        // Unsigned then: what failed (the database, the settings) is the fault being answered.
      }
      return reply({ status, request_uuid: requestUuidOf(request.rawBody) }, keys);
    },
  };
}

export type Hub88Adapter = ReturnType<typeof createHub88Adapter>;
