import { type Clock, HOUR_MS, MINUTE_MS, systemClock } from '../../platform/clock.ts';

/** The certificates of the keys that sign Firebase ID tokens: key id (`kid`) → PEM. */
export type FirebaseCertificates = Record<string, string>;

/** Where the verifier gets Firebase's signing certificates. Tests give their own. */
export interface FirebaseKeySource {
  /**
   * The current certificates. `refresh: true` asks for a fresh copy because a token named an unknown key
   * (Google rotates its keys); a source may answer its cached copy when it fetched very recently.
   * Rejects with FirebaseKeysUnavailableError when it cannot answer.
   */
  getCertificates(options?: { refresh?: boolean }): Promise<FirebaseCertificates>;
}

/** The certificates cannot be had (network, timeout, bad answer): the login cannot be checked now. */
export class FirebaseKeysUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`Firebase signing certificates unavailable: ${reason}`, options);
    this.name = 'FirebaseKeysUnavailableError';
  }
}

/** How long the certificates are kept without a max-age, and at most whatever the answer says. */
export const DEFAULT_CERTS_MAX_AGE_MS = 5 * MINUTE_MS;
export const LONGEST_CERTS_MAX_AGE_MS = 24 * HOUR_MS;
/** An unknown key id fetches again, but not more often than this. */
export const CERTS_REFRESH_INTERVAL_MS = MINUTE_MS;
export const CERTS_FETCH_TIMEOUT_MS = 5_000;
/** After a failed fetch, callers get the same failure for this long without a new request. */
export const CERTS_FAILURE_BACKOFF_MS = 5_000;

const CERTIFICATE_PEM = /^-----BEGIN CERTIFICATE-----\r?\n[\s\S]+\r?\n-----END CERTIFICATE-----\s*$/;
const MAX_CERTS = 32;

/** The max-age of a Cache-Control header in milliseconds, within bounds; the default without one. */
export function cacheLifetimeMs(cacheControl: string | null): number {
  if (cacheControl && /(?:^|,)\s*(?:no-store|no-cache)\s*(?:,|$)/i.test(cacheControl)) return 0;
  const match = cacheControl ? /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i.exec(cacheControl) : null;
  if (!match?.[1]) return DEFAULT_CERTS_MAX_AGE_MS;
  return Math.min(Number(match[1]) * 1000, LONGEST_CERTS_MAX_AGE_MS);
}

/** The answer's JSON as certificates: an object of key id → PEM certificate, at least one. */
function parseCertificates(body: unknown): FirebaseCertificates {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new FirebaseKeysUnavailableError('the answer is not a JSON object');
  }
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0 || entries.length > MAX_CERTS) {
    throw new FirebaseKeysUnavailableError(`the answer holds ${entries.length} certificates`);
  }
  const certificates: FirebaseCertificates = {};
  for (const [kid, pem] of entries) {
    if (typeof pem !== 'string' || !CERTIFICATE_PEM.test(pem)) {
      throw new FirebaseKeysUnavailableError(`key ${kid} is not a PEM certificate`);
    }
    certificates[kid] = pem;
  }
  return certificates;
}

export interface HttpFirebaseKeySourceOptions {
  url: string;
  clock?: Clock;
  /** The fetch to use; by default the global one. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Fetches Google's certificates (JSON kid → PEM), keeps them as long as the answer's Cache-Control
 * max-age says, fetches again for an unknown key id at most once a minute, and gives up after 5 s.
 * Concurrent callers share one fetch.
 */
export function createHttpFirebaseKeySource(options: HttpFirebaseKeySourceOptions): FirebaseKeySource {
  const clock = options.clock ?? systemClock;
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? CERTS_FETCH_TIMEOUT_MS;
  let cached: { certificates: FirebaseCertificates; expiresAt: number } | undefined;
  let lastFetchAt: number | undefined;
  let inFlight: Promise<FirebaseCertificates> | undefined;
  let lastFailure: { at: number; error: FirebaseKeysUnavailableError } | undefined;

  async function download(): Promise<FirebaseCertificates> {
    let response: Response;
    try {
      response = await fetchFn(options.url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new FirebaseKeysUnavailableError('the request failed or timed out', { cause: error });
    }
    if (!response.ok) throw new FirebaseKeysUnavailableError(`the answer was HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new FirebaseKeysUnavailableError('the answer is not JSON', { cause: error });
    }
    const certificates = parseCertificates(body);
    cached = {
      certificates,
      expiresAt: clock().getTime() + cacheLifetimeMs(response.headers.get('cache-control')),
    };
    return certificates;
  }

  return {
    getCertificates({ refresh = false } = {}) {
      const now = clock().getTime();
      const fresh = cached !== undefined && cached.expiresAt > now;
      const fetchedRecently =
        lastFetchAt !== undefined && now - lastFetchAt < CERTS_REFRESH_INTERVAL_MS && now >= lastFetchAt;
      if (cached && fresh && (!refresh || fetchedRecently)) return Promise.resolve(cached.certificates);
      if (inFlight) return inFlight;
      if (lastFailure && now >= lastFailure.at && now - lastFailure.at < CERTS_FAILURE_BACKOFF_MS) {
        return Promise.reject(lastFailure.error);
      }
      lastFetchAt = now;
      inFlight = download()
        .then(
          (certificates) => {
            lastFailure = undefined;
            return certificates;
          },
          (error: unknown) => {
            const failure =
              error instanceof FirebaseKeysUnavailableError
                ? error
                : new FirebaseKeysUnavailableError('unexpected failure', { cause: error });
            lastFailure = { at: clock().getTime(), error: failure };
            throw failure;
          },
        )
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
  };
}
