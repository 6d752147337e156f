import type { ApiEntry } from '@kl/contracts/api-call';
import { API, type ApiCall } from '@kl/contracts/api-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from './errors.ts';

/**
 * Cross-site requests refused in one place (docs/decisions/035-client-address-and-cross-site-requests.md):
 * every POST, PUT, PATCH and DELETE under /api — the member's calls and the back office's alike — goes
 * through one onRequest hook, before any route's own hooks, its body or its handler. The session cookies'
 * SameSite attribute stays, as the second layer.
 *
 * - `Sec-Fetch-Site` present (every current browser sends it): only `same-origin` and `none` (the user's
 *   own navigation) pass; `same-site` and `cross-site` are refused.
 * - Otherwise `Origin` present (older browsers): it must be the site's own origin, the scheme and host of
 *   the request as the server sees them after TRUST_PROXY (`request.protocol`, `request.host`).
 * - Neither: not a browser's request (the gateway, the game providers, scripts, the operators' tools); it
 *   passes, as a browser never leaves both out of a cross-site POST.
 *
 * A refusal is 403 CROSS_SITE_REQUEST, logged at warn with the call's route and the two headers (no
 * cookie, no URL query, no body).
 */

/** The methods that change something: the ones the check applies to. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What `Sec-Fetch-Site` may say for a state-changing call to pass. */
const ALLOWED_FETCH_SITES: ReadonlySet<string> = new Set(['same-origin', 'none']);

const SIGNED_BY_PROVIDER =
  'a game provider’s call to the seamless wallet, signed with the provider’s key ' +
  '(docs/decisions/025-provider-wallet.md): the signature is its credential, never a cookie';

/**
 * Calls that outside parties make server to server, exempt from the check, with the reason. Each is
 * authenticated by a signature over its body that no other site can make, and carries no cookie of the
 * site, so a browser elsewhere cannot forge it; an outside party's HTTP client may send browser-like
 * headers and must not be refused for them.
 */
export const CROSS_SITE_EXEMPT_CALLS: Readonly<Partial<Record<ApiCall, string>>> = {
  depositCallback:
    'the payment gateway’s callback, signed with PAYMENT_CALLBACK_SECRET (HMAC of the raw body): the ' +
    'signature is its credential, never a cookie',
  providerAuthenticate: SIGNED_BY_PROVIDER,
  providerBalance: SIGNED_BY_PROVIDER,
  providerBet: SIGNED_BY_PROVIDER,
  providerWin: SIGNED_BY_PROVIDER,
  providerRollback: SIGNED_BY_PROVIDER,
  providerRoundEnd: SIGNED_BY_PROVIDER,
};

const routeKey = (method: string, path: string) => `${method} ${path}`;

const EXEMPT_ROUTES: ReadonlySet<string> = new Set(
  (Object.keys(CROSS_SITE_EXEMPT_CALLS) as ApiCall[]).map((call) => {
    const entry: ApiEntry = API[call];
    return routeKey(entry.method, entry.path);
  }),
);

/** Whether the hook refuses the call of this entry when a browser sends it from another site. */
export function refusesCrossSite(entry: Pick<ApiEntry, 'method' | 'path'>): boolean {
  return STATE_CHANGING_METHODS.has(entry.method) && !EXEMPT_ROUTES.has(routeKey(entry.method, entry.path));
}

/** The site's own origin as this request reached it (`https://host[:port]`), or undefined for a bad Host. */
export function ownOrigin(request: Pick<FastifyRequest, 'protocol' | 'host'>): string | undefined {
  const url = `${request.protocol}://${request.host}`;
  if (!URL.canParse(url)) return undefined;
  const { origin, username, password, pathname, search } = new URL(url);
  // A Host with credentials or a path in it is not a host.
  return username === '' && password === '' && pathname === '/' && search === '' ? origin : undefined;
}

/** True when a browser sent the request from another site (by Sec-Fetch-Site, else by Origin). */
export function isCrossSite(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return !ALLOWED_FETCH_SITES.has(String(fetchSite));
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const own = ownOrigin(request);
  return own === undefined || !URL.canParse(origin) || new URL(origin).origin !== own;
}

/** A header's value for the log: as sent, cut short. */
const logged = (value: string | string[] | undefined) =>
  value === undefined ? undefined : String(value).slice(0, 200);

/** The one hook of the API context (registered once, in app.ts). */
export const sameOriginPlugin = fp(
  async (api: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every API request (docs/performance.md).
    api.addHook('onRequest', (request, _reply, done) => {
      if (!STATE_CHANGING_METHODS.has(request.method) || !isCrossSite(request)) return done();
      const { method, url } = request.routeOptions;
      if (url !== undefined && EXEMPT_ROUTES.has(routeKey(String(method), url))) return done();
      request.log.warn(
        {
          method: request.method,
          route: url,
          secFetchSite: logged(request.headers['sec-fetch-site']),
          origin: logged(request.headers.origin),
        },
        'cross-site request refused',
      );
      done(new DomainError('CROSS_SITE_REQUEST'));
    });
  },
  { name: 'same-origin' },
);
