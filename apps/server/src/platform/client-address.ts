import type { FastifyServerOptions } from 'fastify';
import type { AppConfig, TrustProxy } from './config.ts';

/**
 * The client's address, scheme and host behind reverse proxies
 * (docs/decisions/035-client-address-and-cross-site-requests.md). Fastify reads X-Forwarded-For, -Proto and
 * -Host as far as TRUST_PROXY allows, and every part of the server takes the result from the request
 * (`request.ip` for the rate limit, the attempt counters, the sessions and the audit; `request.protocol`
 * and `request.host` for the site's own origin); nothing else reads those headers.
 *
 * X-Forwarded-For is read from the right: each proxy appends the address it received the request from,
 * and a client writes whatever it likes in front. The client address is the first entry, from the right,
 * that no trusted proxy wrote: with a hop count `n`, the `n`-th entry from the right (the socket's peer
 * is hop 0); with a list, the first address from the right that is not one of the listed proxies.
 */
export function fastifyTrustProxy(setting: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (setting === false) return false;
  // Fastify refuses a bare hop count (it trusts nobody then); the count as proxy-addr defines it.
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return [...setting];
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * A warning for the start's log when TRUST_PROXY counts hops on a server listening beyond the loopback:
 * a client that reaches it without the proxy chooses its own address (name the proxies instead).
 */
export function trustProxyWarning(config: Pick<AppConfig, 'trustProxy' | 'host'>): string | undefined {
  if (typeof config.trustProxy !== 'number' || LOOPBACK_HOSTS.has(config.host)) return undefined;
  return (
    `TRUST_PROXY counts proxy hops while HOST is ${config.host}: a client reaching the server without ` +
    'the proxy chooses its own address; set TRUST_PROXY to the proxies’ addresses instead'
  );
}
