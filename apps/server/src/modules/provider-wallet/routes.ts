import type { ErrorCode } from '@kl/contracts/errors';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_NONCE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  type ProviderAction,
} from '@kl/contracts/provider-wallet';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../platform/api-route.ts';
import { failureOf } from '../../platform/error-handling.ts';
import { failureBody } from '../../platform/errors.ts';
import { WALLET_DEADLINE } from './deadlines.ts';
import type { ProviderWalletService, SignedProviderRequest } from './service.ts';
import { providerStatusOf } from './statuses.ts';

export interface ProviderWalletRoutesOptions {
  providerWalletService: ProviderWalletService;
}

/** A provider's request body is small; anything larger is not one. */
const BODY_LIMIT = 64 * 1024;

/**
 * Bodies of the context of `contentType` (JSON by default) read as the raw text that was signed (checked
 * before anything parses it), of a provider's size: the site's own protocol and each provider's adapter
 * (`hub88/`'s JSON, `pragmatic/`'s forms).
 */
export function readSignedBodies(app: FastifyInstance, contentType = 'application/json'): void {
  app.removeContentTypeParser(contentType);
  app.addContentTypeParser(
    contentType,
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
}

const SIGNING =
  `Headers: ${PROVIDER_CODE_HEADER} (the provider's code), ${PROVIDER_TIMESTAMP_HEADER} (unix seconds), ` +
  `${PROVIDER_NONCE_HEADER} (16 to 64 of A-Z a-z 0-9 _ -, new for every request, a retry included) and ` +
  `${PROVIDER_SIGNATURE_HEADER} (hex HMAC-SHA256, with the provider's secret, of ` +
  '`<timestamp>.<nonce>.<action>.<raw body>`, the action being the last segment of the path). A bad or ' +
  'missing signature or nonce (or an unknown provider) is 401 PROVIDER_SIGNATURE_INVALID (reason ' +
  'MISSING_NONCE for the nonce), and so is a call from an address outside the provider’s allowed addresses ' +
  'when it has some (reason ADDRESS_NOT_ALLOWED, checked first) and a nonce the provider sent before within ' +
  'the timestamp’s window (reason NONCE_REPLAYED: the copy of a request is answered once); a timestamp ' +
  'more than 5 minutes away 401 PROVIDER_TIMESTAMP_EXPIRED (RS_ERROR_INVALID_SIGNATURE); a disabled ' +
  'provider 403 FEATURE_NOT_ENABLED (RS_ERROR_INVALID_PARTNER); a body that is not the call’s JSON 400 ' +
  'INVALID_INPUT (RS_ERROR_WRONG_SYNTAX). Every refusal carries the provider’s status in value.status.';
const DEADLINE =
  'A call that writes runs under the wallet’s deadline of its game type (2 s for slots, fishing, live and ' +
  'card tables and cockfight, 5 s for the books): past it nothing is written and it answers 503 ' +
  'GAME_PROVIDER_UNAVAILABLE (reason WALLET_DEADLINE, RS_ERROR_UNKNOWN), to be sent again.';
const SESSION =
  'An unknown session, or another provider’s, is 404 NOT_FOUND (RS_ERROR_INVALID_TOKEN); a currency other ' +
  'than the session’s 400 INVALID_INPUT (RS_ERROR_WRONG_CURRENCY).';
const REPEATS =
  'The same transactionId again answers the first answer (stored), with no second movement; the same id ' +
  'asking something else is 409 IDEMPOTENCY_CONFLICT (RS_ERROR_DUPLICATE_TRANSACTION).';
const SIGNED_FAILURES = [
  'PROVIDER_SIGNATURE_INVALID',
  'PROVIDER_TIMESTAMP_EXPIRED',
  'FEATURE_NOT_ENABLED',
] as const satisfies readonly ErrorCode[];
const SESSION_FAILURES = [...SIGNED_FAILURES, 'NOT_FOUND'] as const satisfies readonly ErrorCode[];
/** The failures of a call that writes: its session's, and its deadline. */
const WRITE_FAILURES = [
  ...SESSION_FAILURES,
  'GAME_PROVIDER_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const signedOf = (request: FastifyRequest): SignedProviderRequest => ({
  providerCode: header(request, PROVIDER_CODE_HEADER),
  timestamp: header(request, PROVIDER_TIMESTAMP_HEADER),
  nonce: header(request, PROVIDER_NONCE_HEADER),
  signature: header(request, PROVIDER_SIGNATURE_HEADER),
  rawBody: typeof request.body === 'string' ? request.body : '',
  ip: request.ip,
});

/**
 * The calls of external game providers (docs/decisions/025-provider-wallet.md), in a context of their own:
 * the body is read as the raw text that was signed, no per-address rate limit applies (a provider's
 * servers send every player's calls), and every refusal carries the provider's status.
 */
export const providerWalletRoutes: FastifyPluginAsync<ProviderWalletRoutesOptions> = async (app, options) => {
  const service = options.providerWalletService;
  readSignedBodies(app);

  // The one error handler's answer (platform/error-handling.ts), with the provider's status added.
  app.setErrorHandler((error, request, reply) => {
    const failure = failureOf(error) ?? { code: 'SYSTEM_ERROR' as const, status: 500 };
    const status = providerStatusOf(failure.code, failure.value);
    if (failure.value?.reason === WALLET_DEADLINE) {
      // Nothing was written; the provider sends the call again (docs/decisions/070-provider-replay-window.md).
      const provider = header(request, PROVIDER_CODE_HEADER)?.slice(0, 64);
      request.log.warn({ provider, deadlineMs: failure.value.deadlineMs }, 'provider call past its deadline');
    } else if (failure.status >= 500) request.log.error({ err: error }, 'unexpected error');
    else if (failure.status === 401) {
      // Who was refused as an unknown caller, and from where (never the body).
      const { reason } = failure.value ?? {};
      const caller = { provider: header(request, PROVIDER_CODE_HEADER)?.slice(0, 64), address: request.ip };
      request.log.warn({ code: failure.code, status, reason, ...caller }, 'provider call refused');
    } else request.log.info({ code: failure.code, status }, 'provider call refused');
    return reply
      .code(failure.status)
      .type('application/json; charset=utf-8')
      .send(failureBody(failure.code, request.headers['accept-language'], { ...failure.value, status }));
  });

  /** Runs the action for the request and logs it (never its body: it may carry a launch token). */
  const handle =
    <T>(action: ProviderAction, run: (request: SignedProviderRequest) => Promise<T>) =>
    async (request: FastifyRequest): Promise<T> => {
      const answer = await run(signedOf(request));
      request.log.info({ provider: header(request, PROVIDER_CODE_HEADER), action }, 'provider call');
      return answer;
    };
  const tags = ['provider wallet'];
  const config = { rateLimit: false } as const;

  route(app, 'providerAuthenticate', {
    summary: 'A game provider exchanges the launch token for the player’s session (signed)',
    description:
      `${SIGNING} Body: { token }. Answers the session id to send with every later call, the player's id ` +
      'and name, currency, balance and game. The token is exchanged once, within its 5 minutes: an unknown ' +
      'or used token is 410 LAUNCH_LINK_EXPIRED (RS_ERROR_INVALID_TOKEN; reason TOKEN_INVALID or ' +
      'TOKEN_USED), an expired one the same with RS_ERROR_TOKEN_EXPIRED; a disabled member 403 ACCOUNT_UNAVAILABLE (RS_ERROR_USER_DISABLED).',
    tags,
    config,
    failures: [...SIGNED_FAILURES, 'LAUNCH_LINK_EXPIRED', 'ACCOUNT_UNAVAILABLE'],
    handler: handle('authenticate', service.authenticate),
  });

  route(app, 'providerBalance', {
    summary: 'A game provider reads the player’s balance (signed)',
    description: `${SIGNING} Body: { sessionId }. ${SESSION}`,
    tags,
    config,
    failures: SESSION_FAILURES,
    handler: handle('balance', service.balance),
  });

  route(app, 'providerBet', {
    summary: 'A game provider takes a stake from the player’s wallet (signed)',
    description:
      `${SIGNING} Body: { sessionId, transactionId, roundId, amount, currency }; the first stake of a round ` +
      `opens it. ${SESSION} ${REPEATS} ${DEADLINE} Refused: not enough money 409 INSUFFICIENT_BALANCE ` +
      '(RS_ERROR_NOT_ENOUGH_MONEY), a round already ended 409 GAME_ROUND_CLOSED (RS_ERROR_ROUND_CLOSED), an ' +
      'id a rollback already took 409 IDEMPOTENCY_CONFLICT (RS_ERROR_TRANSACTION_ROLLED_BACK), a session ' +
      'past its 12 hours 401 SESSION_EXPIRED (RS_ERROR_TOKEN_EXPIRED), a member under a time-out or ' +
      'self-exclusion 403 ACCOUNT_TIMED_OUT / ACCOUNT_SELF_EXCLUDED, or disabled 403 ACCOUNT_UNAVAILABLE ' +
      '(RS_ERROR_USER_DISABLED).',
    tags,
    config,
    failures: [
      ...WRITE_FAILURES,
      'INSUFFICIENT_BALANCE',
      'GAME_ROUND_CLOSED',
      'IDEMPOTENCY_CONFLICT',
      'SESSION_EXPIRED',
      'ACCOUNT_TIMED_OUT',
      'ACCOUNT_SELF_EXCLUDED',
      'ACCOUNT_UNAVAILABLE',
    ],
    handler: handle('bet', service.bet),
  });

  route(app, 'providerWin', {
    summary: 'A game provider pays a win into the player’s wallet (signed)',
    description:
      `${SIGNING} Body: { sessionId, transactionId, roundId, amount (0 for a lost round), currency, ` +
      `roundClosed? }; roundClosed also ends the round. A win for a round already ended (a retried win, a ` +
      `resettlement) is paid into it, once, and the round stays ended. ${SESSION} ${REPEATS} ${DEADLINE} ` +
      'Refused: a round ' +
      'with no stake 404 NOT_FOUND (RS_ERROR_ROUND_NOT_FOUND).',
    tags,
    config,
    failures: [...WRITE_FAILURES, 'IDEMPOTENCY_CONFLICT'],
    handler: handle('win', service.win),
  });

  route(app, 'providerRollback', {
    summary: 'A game provider refunds a stake, or takes back a win (signed)',
    description:
      `${SIGNING} Body: { sessionId, transactionId, betTransactionId }. The bet's stake comes back once, ` +
      'ever; a rollback of a bet not seen yet refunds nothing and the bet is refused if it comes later ' +
      '(RS_ERROR_TRANSACTION_ROLLED_BACK). betTransactionId may name a win of a round still open: the win is ' +
      `taken back once. ${SESSION} ${REPEATS} ${DEADLINE} Refused: a bet or win whose round already ended ` +
      '409 GAME_ROUND_CLOSED (RS_ERROR_ROUND_CLOSED); a win the balance no longer holds 409 ' +
      'INSUFFICIENT_BALANCE (RS_ERROR_NOT_ENOUGH_MONEY); an id that is not a bet or win of the player 404 ' +
      'NOT_FOUND (RS_ERROR_TRANSACTION_DOES_NOT_EXIST).',
    tags,
    config,
    failures: [...WRITE_FAILURES, 'GAME_ROUND_CLOSED', 'INSUFFICIENT_BALANCE', 'IDEMPOTENCY_CONFLICT'],
    handler: handle('rollback', service.rollback),
  });

  route(app, 'providerCredit', {
    summary:
      'A game provider pays what no stake bought: free rounds, bonus, jackpot or promotion wins (signed)',
    description:
      `${SIGNING} Body: { sessionId, transactionId, kind, amount, currency, roundId?, grantId? }; kind is ` +
      'free_round (grantId naming the free rounds granted to the player at this provider: their turnover ' +
      'multiple applies), bonus (the merchant’s bonus turnover), promo (played through once) or jackpot ' +
      `(no turnover). ${SESSION} ${REPEATS} ${DEADLINE} Refused: free rounds not the player’s at this ` +
      'provider 404 ' +
      'NOT_FOUND; a trial player (but a jackpot) 403 FEATURE_NOT_ENABLED (RS_ERROR_USER_DISABLED).',
    tags,
    config,
    failures: [...WRITE_FAILURES, 'IDEMPOTENCY_CONFLICT'],
    handler: handle('credit', service.credit),
  });

  route(app, 'providerRoundEnd', {
    summary: 'A game provider ends a round (signed)',
    description:
      `${SIGNING} Body: { sessionId, roundId }. No stake nor win is taken in the round afterwards, and its ` +
      'stakes count toward the player’s turnover requirements. Ending it again answers the same; a round ' +
      `with no stake is 404 NOT_FOUND (RS_ERROR_ROUND_NOT_FOUND). ${SESSION} ${DEADLINE}`,
    tags,
    config,
    failures: WRITE_FAILURES,
    handler: handle('round-end', service.roundEnd),
  });
};
