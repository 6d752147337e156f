import {
  HUB88_CALLS,
  HUB88_SIGNATURE_HEADER,
  HUB88_WALLET_PATH,
  type Hub88Call,
  type Hub88Status,
} from '@kl/contracts/provider-hub88';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { failureOf } from '../../../platform/error-handling.ts';
import { adapterRoute, logAdapterCall, pathProviderCode, sendAdapterAnswer } from '../adapter-routes.ts';
import { readSignedBodies } from '../routes.ts';
import type { Hub88Adapter, Hub88Reply, Hub88Request } from './adapter.ts';

/**
 * Hub88's Operator Wallet API (docs/decisions/066-hub88-adapter.md), in a context of its own beside the
 * site's provider calls: `POST /api/provider-wallet/hub88/<provider code>/<call>`, the body read as the raw
 * text Hub88 signed, no per-address rate limit (Hub88's few servers send every player's calls), and every
 * answer HTTP 200 in Hub88's shape, signed with the operator's key in `X-Hub88-Signature`.
 */

export interface Hub88RoutesOptions {
  adapter: Hub88Adapter;
}

const SUMMARIES: Record<Hub88Call, string> = {
  'user/info': 'Hub88 reads the player (Hub88’s Operator Wallet API, signed)',
  'user/balance': 'Hub88 reads the player’s balance (Hub88’s Operator Wallet API, signed)',
  'transaction/bet': 'Hub88 takes a stake from the player’s wallet (Hub88’s Operator Wallet API, signed)',
  'transaction/win': 'Hub88 pays a win into the player’s wallet (Hub88’s Operator Wallet API, signed)',
  'transaction/rollback': 'Hub88 refunds a stake (Hub88’s Operator Wallet API, signed)',
};

const DESCRIPTION =
  `Header ${HUB88_SIGNATURE_HEADER}: base64 RSA-SHA256 of the raw body under Hub88's private key. The path ` +
  'names the provider (a provider of protocol hub88). Answers HTTP 200, { status, request_uuid, user, ' +
  'currency, balance } (amounts in 1/100,000 of the currency unit), signed with the operator’s private ' +
  'key in the same header; a refusal is its status (RS_ERROR_INVALID_SIGNATURE, RS_ERROR_NOT_ENOUGH_MONEY, ' +
  'RS_ERROR_WRONG_SYNTAX …). A transaction_uuid sent again answers its first answer.';

const requestOf = (request: FastifyRequest): Hub88Request => ({
  providerCode: pathProviderCode(request),
  signature: request.headers[HUB88_SIGNATURE_HEADER] as string | undefined,
  rawBody: typeof request.body === 'string' ? request.body : '',
  address: request.ip,
});

const send = (reply: FastifyReply, answer: Hub88Reply) => {
  if (answer.signature !== undefined) reply.header(HUB88_SIGNATURE_HEADER, answer.signature);
  return sendAdapterAnswer(reply, answer.body);
};

export const hub88Routes: FastifyPluginAsync<Hub88RoutesOptions> = async (app, { adapter }) => {
  readSignedBodies(app);

  // What fails before or outside a call (a body too large or not JSON, the database away) is answered in
  // Hub88's shape too: HTTP 200 and a status, which Hub88 acts on (a stake without RS_OK is rolled back).
  app.setErrorHandler(async (error, request, reply) => {
    const failure = failureOf(error);
    const status: Hub88Status =
      failure && failure.status < 500 ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN';
    if (status === 'RS_ERROR_UNKNOWN') request.log.error({ err: error }, 'unexpected error');
    else request.log.info({ code: failure?.code, status }, 'hub88 call refused');
    return send(reply, await adapter.failure(requestOf(request), status));
  });

  for (const call of HUB88_CALLS) {
    adapterRoute(app, {
      url: `${HUB88_WALLET_PATH}/:provider/${call}`,
      summary: SUMMARIES[call],
      description: DESCRIPTION,
      handler: async (request, reply) => {
        const answer = await adapter.answer(call, requestOf(request));
        logAdapterCall(
          request,
          'hub88',
          { provider: requestOf(request).providerCode, call, status: answer.status },
          { unknownCaller: answer.status === 'RS_ERROR_INVALID_SIGNATURE', reason: answer.reason },
        );
        return send(reply, answer);
      },
    });
  }
};
