import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AttemptRule, createAttemptCounter } from './attempts.ts';
import type { Clock } from './clock.ts';
import type { DbOrTx } from './db.ts';
import { DomainError } from './errors.ts';

/**
 * The one bearer check of the operator calls: OPS_TOKEN (site switches, making agents) and
 * CHAT_OPERATOR_TOKEN (live chat), each sent as `Authorization: Bearer <token>`. Nothing that moves money
 * takes a shared token: money is decided in the back office, by named operators (docs/back-office.md,
 * "Four eyes").
 *
 * - A credential that is not configured makes its calls not exist: 404 NOT_FOUND, nothing counted.
 * - A request without an Authorization header is 401 NOT_LOGGED_IN and is not counted (nothing was
 *   guessed; the operator pages ask before their operator signs in).
 * - Every presented bearer is counted per client address in the database (attempt_counter, shared by
 *   every process) before it is compared, in one scope for the credentials: a right one clears the
 *   count, a wrong one is 401 NOT_LOGGED_IN, and once OPERATOR_LOCK_RULE.limit of them are counted in the
 *   window the address is locked: 429 TOO_MANY_REQUESTS with `Retry-After` and `{ retryAfterSeconds }`,
 *   for the right token too. Counting first means parallel guesses cannot outrun the limit.
 * - Every call let through is logged (info) with the credential, the method and the route.
 */

export type OperatorCredential = 'ops' | 'chat';

/** Wrong bearer tokens an address may send before it is locked out, and for how long. */
export const OPERATOR_LOCK_RULE: Readonly<Required<AttemptRule>> = {
  limit: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/** The attempt_counter scope of operator bearer tokens; the key is the client address. */
export const OPERATOR_ATTEMPT_SCOPE = 'operator-bearer';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares two secrets in constant time (of their digests: the lengths do not leak either). */
export const sameSecret = (left: string, right: string) => timingSafeEqual(digest(left), digest(right));

/** The token of an `Authorization: Bearer <token>` header; undefined for any other shape. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1] || undefined;
}

export interface OperatorAuthOptions {
  credential: OperatorCredential;
  /** The configured token; undefined turns the calls off (404). */
  token: string | undefined;
  db: DbOrTx;
  clock: Clock;
  rule?: AttemptRule;
}

export function createOperatorAuth(options: OperatorAuthOptions) {
  const { credential, token, rule = OPERATOR_LOCK_RULE } = options;
  const attempts = createAttemptCounter({ db: options.db, clock: options.clock });

  function enabledToken(): string {
    if (token === undefined) throw new DomainError('NOT_FOUND');
    return token;
  }

  function logAllowed(request: FastifyRequest, via: 'bearer' | 'cookie'): void {
    request.log.info(
      { operator: credential, via, method: request.method, route: request.routeOptions.url },
      'operator call',
    );
  }

  /**
   * Checks the request's bearer token: true when it is right, false when there is no Authorization
   * header; throws 401 when it is wrong, 429 while the address is locked, 404 when not configured.
   */
  async function verifyBearer(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const expected = enabledToken();
    const authorization = request.headers.authorization;
    if (authorization === undefined) return false;
    const verdict = await attempts.hit(OPERATOR_ATTEMPT_SCOPE, request.ip, rule);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: verdict.retryAfterSeconds });
    }
    const presented = bearerToken(authorization);
    if (presented === undefined || !sameSecret(presented, expected)) {
      if (verdict.remaining === 0) {
        request.log.warn(
          { operator: credential, attempts: verdict.count },
          'operator credential: too many wrong tokens, address locked',
        );
      }
      throw new DomainError('NOT_LOGGED_IN');
    }
    await attempts.clear(OPERATOR_ATTEMPT_SCOPE, request.ip);
    return true;
  }

  return {
    credential,
    enabled: token !== undefined,
    /** The configured token (404 when there is none): a key for what the credential signs. */
    enabledToken,
    /** onRequest hook of calls that need no credential but exist only when the token is configured. */
    async requireEnabled(): Promise<void> {
      enabledToken();
    },
    /** onRequest hook of the operator calls: the bearer token. */
    async check(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (!(await verifyBearer(request, reply))) throw new DomainError('NOT_LOGGED_IN');
      logAllowed(request, 'bearer');
    },
    /**
     * onRequest hook of operator calls that also take another proof of the same credential (the chat
     * operator's signed cookie): that proof, else the bearer token.
     */
    checkOr(alternative: (request: FastifyRequest, token: string) => boolean) {
      return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
        if (alternative(request, enabledToken())) {
          logAllowed(request, 'cookie');
          return;
        }
        if (!(await verifyBearer(request, reply))) throw new DomainError('NOT_LOGGED_IN');
        logAllowed(request, 'bearer');
      };
    },
  };
}

export type OperatorAuth = ReturnType<typeof createOperatorAuth>;
