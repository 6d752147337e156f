import {
  PROVIDER_CODE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
} from '@kl/contracts/provider-wallet';
import {
  FREE_ROUNDS_PURPOSE,
  type SandboxFreeRoundsGrant,
  type SandboxFreeRoundsGrantResult,
  sandboxFreeRoundsGrant,
} from '@kl/contracts/sandbox-provider';
import type { FastifyInstance } from 'fastify';
import { DomainError, route } from '../platform/api.ts';
import type { Clock } from '../platform/clock.ts';
import { refuseUnsignedOperatorCall } from './operator-calls.ts';
import type { FreeRoundsRow, SandboxRepository } from './repository.ts';

/**
 * Free rounds the operator grants a player (docs/decisions/065-provider-credits.md), handed to the provider
 * by a signed call: kept in `sandbox_free_rounds` under the operator's grant id, then played in the slot
 * (`slots.ts`), each round's return credited to the wallet as the grant's `free_round` win. A grant sent
 * again (the operator did not read the first answer) is the same grant; the same id with another body is
 * the operator's mistake, refused.
 */

/** A grant's request body is small; anything larger is not one. */
const BODY_LIMIT = 16 * 1024;

/** The stored grant says what the request says (its expiry as the same instant, however written). */
const sameGrant = (row: FreeRoundsRow, grant: SandboxFreeRoundsGrant) =>
  row.playerId === grant.playerId &&
  row.gameId === grant.gameId &&
  row.rounds === grant.rounds &&
  row.roundValue === BigInt(grant.roundValue) &&
  row.currency === grant.currency &&
  row.expiresAt.getTime() === new Date(grant.expiresAt).getTime();

export function createFreeRoundsService(deps: { repo: SandboxRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    /**
     * Takes the grant: stored once under its id, answered with the rounds left. A new grant already past its
     * expiry is refused (nothing could be played); a known one is answered whatever its age.
     */
    async grant(grant: SandboxFreeRoundsGrant): Promise<SandboxFreeRoundsGrantResult> {
      const expiresAt = new Date(grant.expiresAt);
      let row = await repo.findFreeRounds(grant.grantId);
      if (!row) {
        if (expiresAt <= clock())
          throw new DomainError('INVALID_INPUT', { field: 'expiresAt', reason: 'EXPIRED' });
        row = await repo.saveFreeRounds({
          id: grant.grantId,
          playerId: grant.playerId,
          gameId: grant.gameId,
          rounds: grant.rounds,
          roundValue: BigInt(grant.roundValue),
          currency: grant.currency,
          expiresAt,
          createdAt: clock(),
        });
      }
      if (!sameGrant(row, grant))
        throw new DomainError('IDEMPOTENCY_CONFLICT', { reason: 'GRANT_ID_REUSED' });
      return { status: 'RS_OK', grantId: row.id, roundsLeft: row.rounds - row.used };
    },
  };
}

export type FreeRoundsService = ReturnType<typeof createFreeRoundsService>;

/** The body read as JSON and checked against the grant's schema; 400 INVALID_INPUT with the issues. */
function grantOf(raw: string): SandboxFreeRoundsGrant {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new DomainError('INVALID_INPUT', { reason: 'NOT_JSON' });
  }
  const parsed = sandboxFreeRoundsGrant.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new DomainError('INVALID_INPUT', {
    issues: parsed.error.issues.map((issue) => ({
      location: 'body',
      path: issue.path.join('.'),
      message: issue.message,
    })),
  });
}

/**
 * POST /api/sandbox-provider/free-rounds: the operator hands over a grant, signed with the provider's key
 * over the raw body (`<timestamp>.free-rounds.<raw body>`), in a context of its own whose JSON is read as
 * the text that was signed. The signature is checked before the body is read.
 */
export async function registerFreeRoundsRoute(
  app: FastifyInstance,
  deps: { service: FreeRoundsService; clock: Clock; providerCode: string; secret: string },
): Promise<void> {
  await app.register(async (signed) => {
    signed.removeContentTypeParser('application/json');
    signed.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    route(signed, 'sandboxProviderGrantFreeRounds', {
      summary: 'The operator grants a player free rounds of a game (signed with the provider’s key)',
      description:
        `Headers ${PROVIDER_CODE_HEADER} (the provider's code), ${PROVIDER_TIMESTAMP_HEADER} (unix seconds, ` +
        `within 5 minutes) and ${PROVIDER_SIGNATURE_HEADER} (hex HMAC-SHA256 under the provider’s key of ` +
        '`<timestamp>.free-rounds.<raw body>`); bad or missing: 401 PROVIDER_SIGNATURE_INVALID or ' +
        'PROVIDER_TIMESTAMP_EXPIRED. Body: { grantId, playerId, gameId, rounds (1–1000), roundValue (the ' +
        'total stake of one round, minor units), currency, expiresAt }; not that: 400 INVALID_INPUT. The same ' +
        'grantId with the same body answers the same; with another body 409 IDEMPOTENCY_CONFLICT.',
      tags: ['sandbox provider'],
      failures: [
        'PROVIDER_SIGNATURE_INVALID',
        'PROVIDER_TIMESTAMP_EXPIRED',
        'INVALID_INPUT',
        'IDEMPOTENCY_CONFLICT',
      ],
      handler: async (request, reply) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        refuseUnsignedOperatorCall(request, {
          secret: deps.secret,
          purpose: FREE_ROUNDS_PURPOSE,
          raw,
          now: deps.clock(),
          providerCode: deps.providerCode,
        });
        reply.header('cache-control', 'no-store');
        return deps.service.grant(grantOf(raw));
      },
    });
  });
}
