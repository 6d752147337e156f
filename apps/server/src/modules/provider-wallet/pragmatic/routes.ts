import {
  PRAGMATIC_CALLS,
  PRAGMATIC_CONTENT_TYPE,
  PRAGMATIC_ERROR,
  PRAGMATIC_HASH_RULE,
  PRAGMATIC_WALLET_PATH,
  type PragmaticCall,
  type PragmaticError,
} from '@kl/contracts/provider-pragmatic';
import type { FastifyPluginAsync } from 'fastify';
import { failureOf } from '../../../platform/error-handling.ts';
import { adapterRoute, logAdapterCall, pathProviderCode, sendAdapterAnswer } from '../adapter-routes.ts';
import { readSignedBodies } from '../routes.ts';
import type { PragmaticAdapter } from './adapter.ts';

/**
 * Pragmatic Play's Seamless Wallet API (docs/decisions/068-pragmatic-adapter.md), in a context of its own
 * beside the site's provider calls: `POST /api/provider-wallet/pragmatic/<provider code>/<call>.html`, the
 * form body read as the raw text whose parameters Pragmatic hashed, no per-address rate limit, and every
 * answer HTTP 200 in Pragmatic's shape, a refusal or a fault too (its error code).
 */

export interface PragmaticRoutesOptions {
  adapter: PragmaticAdapter;
}

const SUMMARIES: Record<PragmaticCall, string> = {
  authenticate: 'Pragmatic Play exchanges the launch token for the player (Pragmatic’s Seamless Wallet API)',
  balance: 'Pragmatic Play reads the player’s balance (Pragmatic’s Seamless Wallet API)',
  bet: 'Pragmatic Play takes a stake from the player’s wallet (Pragmatic’s Seamless Wallet API)',
  result: 'Pragmatic Play pays a round’s win and ends the round (Pragmatic’s Seamless Wallet API)',
  bonusWin: 'Pragmatic Play pays what a free-round bonus won (Pragmatic’s Seamless Wallet API)',
  jackpotWin: 'Pragmatic Play pays a jackpot (Pragmatic’s Seamless Wallet API)',
  promoWin: 'Pragmatic Play pays a promotion’s prize (Pragmatic’s Seamless Wallet API)',
  refund: 'Pragmatic Play gives a stake back (Pragmatic’s Seamless Wallet API)',
  endRound: 'Pragmatic Play ends a round (Pragmatic’s Seamless Wallet API)',
};

const DESCRIPTION =
  `Body ${PRAGMATIC_CONTENT_TYPE}, with hash: ${PRAGMATIC_HASH_RULE} (the provider's secret key). The path ` +
  'names the provider (a provider of protocol pragmatic). Answers HTTP 200, { transactionId, currency, cash, ' +
  'bonus, error, description } as the call has them (amounts in the currency’s unit, whole đồng); a refusal ' +
  'is its error (5 invalid hash, 1 insufficient balance with the balance, 7 bad parameters, 100 a fault: ' +
  'sent again …). A reference sent again answers its first answer.';

export const pragmaticRoutes: FastifyPluginAsync<PragmaticRoutesOptions> = async (app, { adapter }) => {
  // Forms only, read as sent: any other body is not Pragmatic's (answered error 7).
  app.removeAllContentTypeParsers();
  readSignedBodies(app, PRAGMATIC_CONTENT_TYPE);

  // What fails before or outside a call (a body too large or not a form, the database away) is answered in
  // Pragmatic's shape too; a fault is one Pragmatic sends again (endRound has a code of its own for it).
  app.setErrorHandler(async (error, request, reply) => {
    const failure = failureOf(error);
    const fault = !failure || failure.status >= 500;
    const call = request.routeOptions.url?.split('/').pop();
    const code: PragmaticError = !fault
      ? PRAGMATIC_ERROR.badParameters
      : call === 'endRound.html'
        ? PRAGMATIC_ERROR.endRoundRetry
        : PRAGMATIC_ERROR.retry;
    if (fault) request.log.error({ err: error }, 'unexpected error');
    else request.log.info({ code: failure.code, error: code }, 'pragmatic call refused');
    return sendAdapterAnswer(reply, adapter.failure(code).body);
  });

  for (const call of PRAGMATIC_CALLS) {
    adapterRoute(app, {
      url: `${PRAGMATIC_WALLET_PATH}/:provider/${call}.html`,
      summary: SUMMARIES[call],
      description: DESCRIPTION,
      handler: async (request, reply) => {
        const providerCode = pathProviderCode(request);
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const answer = await adapter.answer(call, { providerCode, rawBody, address: request.ip });
        logAdapterCall(
          request,
          'pragmatic',
          { provider: providerCode, call, error: answer.error },
          { unknownCaller: answer.error === PRAGMATIC_ERROR.invalidHash, reason: answer.reason },
        );
        return sendAdapterAnswer(reply, answer.body);
      },
    });
  }
};
