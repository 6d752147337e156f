import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from './clock.ts';
import type { Db } from './db.ts';
import { DomainError } from './errors.ts';
import { createSharedRateLimit, type SharedRateLimit } from './rate-limit-store.ts';

/**
 * Content Security Policy of the site. The web app loads only its own scripts, styles, images and fonts;
 * antd-mobile sets inline styles. No `upgrade-insecure-requests`: the site also runs on plain http on
 * loopback and the LAN.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * What Firebase Auth's popup sign-in (Google, Facebook quick login) needs on top: the Google API loader
 * script, the hidden frame of the project's auth domain that receives the popup's result, and the calls
 * that exchange the provider's answer for an ID token and refresh it. Its phone sign-in (the SMS login's code,
 * FIREBASE_PHONE_AUTH) adds the reCAPTCHA that guards each SMS: its script and its frames.
 */
export function firebaseAuthSources(
  authDomain: string,
  phoneAuth = false,
): Record<string, readonly string[]> {
  const recaptcha = phoneAuth
    ? {
        script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
      }
    : { script: [], frame: [] };
  return {
    'script-src': ['https://apis.google.com', ...recaptcha.script],
    'frame-src': [`https://${authDomain}`, ...recaptcha.frame],
    'connect-src': ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
  };
}

/**
 * The site's policy, with Firebase Auth's sources when the web app may sign in with Firebase, and the
 * origins of the game providers whose game clients the site serves (their API, called from its pages;
 * docs/decisions/036-sandboxes-process.md).
 */
export function contentSecurityPolicy(
  firebaseAuthDomain: string | undefined,
  providerOrigins: readonly string[] = [],
  firebasePhoneAuth = false,
): Record<string, readonly string[]> {
  const policy: Record<string, readonly string[]> = { ...CONTENT_SECURITY_POLICY };
  if (providerOrigins.length > 0)
    policy['connect-src'] = [...(policy['connect-src'] ?? []), ...providerOrigins];
  if (firebaseAuthDomain === undefined) return policy;
  for (const [directive, sources] of Object.entries(
    firebaseAuthSources(firebaseAuthDomain, firebasePhoneAuth),
  )) {
    // A directive the site did not set falls back to default-src: keep what that allowed.
    const base = policy[directive] ?? policy['default-src'] ?? [];
    policy[directive] = [...base, ...sources];
  }
  return policy;
}

export interface SecurityHeadersOptions {
  /** The Firebase auth domain when Google / Facebook quick login is configured (FIREBASE_AUTH_DOMAIN). */
  firebaseAuthDomain?: string | undefined;
  /** Origins of the game providers' APIs the site's pages call (the sandbox provider's, when it is on). */
  providerOrigins?: readonly string[];
  /** FIREBASE_PHONE_AUTH: the SMS login's code is Firebase's, behind its reCAPTCHA. */
  firebasePhoneAuth?: boolean | undefined;
}

/** The Content-Security-Policy header of a policy: `directive source source;directive …`. */
export function policyHeader(policy: Readonly<Record<string, readonly string[]>>): string {
  return Object.entries(policy)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/**
 * The security headers of every answer (those helmet's defaults send), made once: the hook of each
 * request only copies them (docs/decisions/022-api-caching.md, per-request costs).
 */
export function securityHeaders(
  firebaseAuthDomain: string | undefined,
  providerOrigins: readonly string[] = [],
  firebasePhoneAuth = false,
): Record<string, string> {
  return {
    'content-security-policy': policyHeader(
      contentSecurityPolicy(firebaseAuthDomain, providerOrigins, firebasePhoneAuth),
    ),
    // The sign-in popup must keep its opener to report back (and to tell when it was closed).
    'cross-origin-opener-policy':
      firebaseAuthDomain === undefined ? 'same-origin' : 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // No Strict-Transport-Security: served over plain http on loopback and the LAN; a TLS front end
    // sets its own.
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * The security headers of a JSON answer of the API (OWASP's REST security set): it is never a document,
 * so the page policies (script sources, opener, agent cluster, DNS prefetch…) do nothing there; it must
 * not be framed, sniffed as something else, or read by another site.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * Security headers on every answer: a call of the API table answering JSON (`jsonAnswer`, set by
 * `route`) gets the API's set, everything else (pages, files, the docs viewer, SVGs) the documents'
 * (docs/decisions/008-api-edge.md). Fewer bytes on each call, for the server and the client.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options: SecurityHeadersOptions) => {
    const headers = securityHeaders(
      options.firebaseAuthDomain,
      options.providerOrigins,
      options.firebasePhoneAuth === true,
    );
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.routeOptions.config.jsonAnswer ? API_ANSWER_HEADERS : headers);
      done();
    });
  },
  { name: 'security-headers' },
);

type Hooks = RouteOptions['onRequest'];
/** A copy of a route's hooks as a list (the limiter pushes into the route's own array). */
const hookList = (hooks: Hooks): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? [...(hooks as unknown[])] : [hooks];

/**
 * A generous limit per client IP on the API; over it, 429 TOO_MANY_REQUESTS. It is counted before a
 * route's own onRequest hooks (the operator credential checks), which would otherwise answer first and
 * never be counted: the limiter appends its hook to each route, and it is moved to the front here.
 * The counts are shared by every server process on the database (docs/decisions/040-shared-rate-limits.md):
 * the local ones are flushed every `flushIntervalMs` and at close.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  maxPerMinute: number,
  shared: { db: Db; clock?: Clock; flushIntervalMs?: number },
): Promise<SharedRateLimit> {
  const counts = createSharedRateLimit({
    ...shared,
    logger: {
      error: (object, message) => app.log.error(object, message),
      info: (message) => app.log.info(message),
    },
  });
  app.addHook('preClose', () => counts.close());
  const ownHooks = new WeakMap<object, unknown[]>();
  app.addHook('onRoute', (route) => {
    ownHooks.set(route, hookList(route.onRequest));
  });
  await app.register(rateLimit, {
    global: true,
    store: counts.Store,
    max: maxPerMinute,
    timeWindow: 60_000,
    // The limit's headers only on a refusal (with Retry-After): the site's clients never read them
    // on a call that went through, and every call would carry them.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new DomainError('TOO_MANY_REQUESTS', { retryAfterSeconds: Math.ceil(context.ttl / 1000) }),
  });
  app.addHook('onRoute', (route) => {
    const own = ownHooks.get(route) ?? [];
    const all = hookList(route.onRequest);
    route.onRequest = [...all.filter((hook) => !own.includes(hook)), ...own] as Hooks;
  });
  return counts;
}
