import {
  HUB88_OPERATOR_API_PATH,
  HUB88_SIGNATURE_HEADER,
  type Hub88OperatorCall,
  hub88GameUrlRequest,
  hub88RewardCreateRequest,
} from '@kl/contracts/provider-hub88';
import { SANDBOX_HUB88_OPERATOR_ID, SANDBOX_HUB88_PATH } from '@kl/contracts/sandbox-provider';
import { signRsaSha256 } from '@kl/signing/rsa';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { SandboxHub88Keys } from './keys.ts';
import { Hub88OperatorRefusal, type Hub88OperatorService } from './operator-service.ts';
import { readSigned } from './signed-json.ts';

/**
 * Hub88's Operator API as the sandbox provider answers it (docs/decisions/067-sandbox-hub88.md), for the
 * operator that launches its games and grants free bets in Hub88's protocol:
 * `POST /api/sandbox-hub88/operator/generic/v2/<call>`, in a context of its own whose JSON is read as the
 * raw text the operator signed. The signature (RSA-SHA256 under the operator's private key, base64, in
 * `X-Hub88-Signature`) is checked before the body is read, then the body against the call's schema, then the
 * operator id. Every answer is JSON `{ error }` on a refusal, the result on HTTP 200, and signed with the
 * provider's private key in the same header.
 */

/** An operator request is small; anything larger is not one. */
const BODY_LIMIT = 16 * 1024;

const SUMMARIES: Record<Hub88OperatorCall, string> = {
  'game/url': 'The operator asks a game’s address for a player (Hub88’s Operator API, signed)',
  'freebet/rewards/create': 'The operator grants a player free bets in a game (Hub88’s Operator API, signed)',
};

const DESCRIPTION =
  `Header ${HUB88_SIGNATURE_HEADER}: base64 RSA-SHA256 of the raw body under the operator’s private key; ` +
  'bad or missing: 401 { error: RS_ERROR_INVALID_SIGNATURE }. A body not the call’s: 400 RS_ERROR_WRONG_SYNTAX; ' +
  `an operator_id other than ${SANDBOX_HUB88_OPERATOR_ID}: 401 RS_ERROR_INVALID_PARTNER. Every answer is signed ` +
  'with the provider’s private key in the same header.';

export async function registerHub88OperatorApi(
  app: FastifyInstance,
  deps: { service: Hub88OperatorService; keys: SandboxHub88Keys },
): Promise<void> {
  const { service, keys } = deps;

  /** Sends `value` as JSON, signed over the exact text sent. */
  const send = (reply: FastifyReply, status: number, value: object) => {
    const body = JSON.stringify(value);
    return reply
      .code(status)
      .header(HUB88_SIGNATURE_HEADER, signRsaSha256(keys.privateKey, body))
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body);
  };

  /** The request's body once the operator's signature, its schema and its operator id are checked. */
  function verifiedBody<S extends z.ZodType<{ operator_id: number }>>(request: FastifyRequest, schema: S) {
    const raw = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers[HUB88_SIGNATURE_HEADER];
    const read = readSigned(
      keys.operatorPublicKey,
      raw,
      typeof signature === 'string' ? signature : undefined,
    );
    if (!read.signed) throw new Hub88OperatorRefusal(401, 'RS_ERROR_INVALID_SIGNATURE');
    const parsed = schema.safeParse(read.json);
    if (!parsed.success) throw new Hub88OperatorRefusal(400, 'RS_ERROR_WRONG_SYNTAX', parsed.error.message);
    if (parsed.data.operator_id !== SANDBOX_HUB88_OPERATOR_ID)
      throw new Hub88OperatorRefusal(401, 'RS_ERROR_INVALID_PARTNER');
    return parsed.data;
  }

  /** This process as the operator reached it: where the game client calls the provider. */
  const providerUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  const calls: Record<Hub88OperatorCall, (request: FastifyRequest) => Promise<object>> = {
    'game/url': (request) =>
      service.gameUrl(verifiedBody(request, hub88GameUrlRequest), providerUrlOf(request)),
    'freebet/rewards/create': (request) =>
      service.createReward(verifiedBody(request, hub88RewardCreateRequest)),
  };

  await app.register(async (api) => {
    api.removeContentTypeParser('application/json');
    api.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    // Refusals in Hub88's shape, and so is what fails before a call (a body too large, not JSON).
    api.setErrorHandler(async (error: FastifyError | Hub88OperatorRefusal, request, reply) => {
      if (error instanceof Hub88OperatorRefusal) {
        request.log.info({ error: error.message }, 'hub88 operator call refused');
        return send(reply, error.httpStatus, { error: error.error });
      }
      if (typeof error.statusCode === 'number' && error.statusCode < 500)
        return send(reply, 400, { error: 'RS_ERROR_WRONG_SYNTAX' });
      request.log.error({ err: error }, 'unexpected error');
      return send(reply, 500, { error: 'RS_ERROR_UNKNOWN' });
    });
    for (const [call, run] of Object.entries(calls)) {
      api.route({
        method: 'POST',
        url: `${SANDBOX_HUB88_PATH}${HUB88_OPERATOR_API_PATH}/${call}`,
        schema: {
          summary: SUMMARIES[call as Hub88OperatorCall],
          description: DESCRIPTION,
          tags: ['sandbox hub88'],
        },
        handler: async (request, reply) => send(reply, 200, await run(request)),
      });
    }
  });
}
