import { API } from '@kl/contracts/api-paths';
import { isErrorCode, type ErrorCode } from '@kl/contracts/errors';
import {
  PROVIDER_CODE_HEADER,
  PROVIDER_NONCE_HEADER,
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_STATUSES,
  PROVIDER_TIMESTAMP_HEADER,
  type ProviderAction,
  type ProviderAuthenticateRequest,
  type ProviderAuthenticateResult,
  type ProviderBalanceRequest,
  type ProviderBalanceResult,
  type ProviderBetRequest,
  type ProviderCreditRequest,
  type ProviderRollbackRequest,
  type ProviderRoundEndRequest,
  type ProviderRoundEndResult,
  type ProviderStatus,
  type ProviderTransactionResult,
  type ProviderWinRequest,
} from '@kl/contracts/provider-wallet';
import type { Clock } from '../platform/clock.ts';
import { newProviderNonce, signProviderRequest } from '@kl/signing/provider';

/**
 * The sandbox provider's side of the seamless wallet (docs/decisions/025-provider-wallet.md,
 * docs/decisions/026-sandbox-provider.md): every call is a JSON POST to the operator's base URL, signed
 * with the provider's own key, exactly as a provider on other servers sends it. Nothing here reaches into
 * the operator's modules but the signing function (the scheme both sides share).
 *
 * A call that got no answer (the network failed, or the wallet answered 5xx) is sent again, the same body
 * under the same transaction id, a bounded number of times: the wallet answers a repeated id with its
 * first answer, so a retry never moves money twice. Each attempt is a request of its own, with its own
 * timestamp and nonce: the wallet refuses a nonce it has seen (docs/decisions/070-provider-replay-window.md). A refusal (4xx with the wallet's catalogue code and
 * the provider's status) is not retried: it is returned as a `WalletRefusal`. The secret is never logged.
 */

/** The wallet refused the call: its catalogue code, HTTP status and the provider's status. */
export class WalletRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly httpStatus: number,
    readonly providerStatus: ProviderStatus,
  ) {
    super(`wallet refused: ${code} (${providerStatus})`);
    this.name = 'WalletRefusal';
  }
}

/** The wallet gave no answer after every attempt (network failure or 5xx each time). */
export class WalletUnreachable extends Error {
  constructor(
    readonly action: ProviderAction,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(`the wallet did not answer ${action} after ${attempts} attempts`, options);
    this.name = 'WalletUnreachable';
  }
}

/** How a client's calls go out: the fetch, the attempts of one call, the pauses and the time allowed. */
export interface WalletTransportOptions {
  /** Node's fetch by default; tests may put a failing network in between. */
  fetch?: typeof fetch;
  /** Attempts of one call in all (the first and its retries); 3 by default. */
  attempts?: number;
  /** Pause before retry n (1-based); none by default. */
  backoffMs?: (retry: number) => number;
  /** Time allowed for one attempt; 10 s by default. */
  timeoutMs?: number;
}

export interface WalletClientOptions extends WalletTransportOptions {
  /** The operator's base URL (`http://127.0.0.1:8080`); read at each call, so it may be known late. */
  baseUrl: () => string;
  providerCode: string;
  secret: string;
  clock: Clock;
}

const PATHS = {
  authenticate: API.providerAuthenticate.path,
  balance: API.providerBalance.path,
  bet: API.providerBet.path,
  win: API.providerWin.path,
  rollback: API.providerRollback.path,
  'round-end': API.providerRoundEnd.path,
  credit: API.providerCredit.path,
} as const satisfies Record<ProviderAction, string>;

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_TIMEOUT_MS = 10_000;

export const isProviderStatus = (value: unknown): value is ProviderStatus =>
  typeof value === 'string' && (PROVIDER_STATUSES as readonly string[]).includes(value);

/**
 * An attempt that got no answer the client can trust (a proxy's page, a cut body, a 5xx): the call is sent
 * again, as after a network failure.
 */
export class NoAnswer extends Error {}

/**
 * The sending rules every wallet client shares, whatever protocol it speaks: a JSON POST within the time
 * allowed for one attempt (a 5xx is no answer), and a call sent again while it gets no answer, a bounded
 * number of times. Each attempt is built anew by the caller (a signature, a request id), so only what the
 * caller keeps — the transaction id — is the same on a retry. A refusal is thrown at once.
 */
export function createWalletTransport(options: WalletTransportOptions) {
  const send = options.fetch ?? fetch;
  const attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  return {
    /** One JSON POST within the time allowed for an attempt; a 5xx is no answer. */
    async post(url: URL, headers: Record<string, string>, body: string): Promise<Response> {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      if (response.status >= 500) throw new NoAnswer(`HTTP ${response.status}`);
      return response;
    },

    /** One call, its attempt made again while it gets no answer; a refusal is thrown at once. */
    async call<T>(action: ProviderAction, attempt: () => Promise<T>): Promise<T> {
      let lastError: unknown;
      for (let tried = 1; tried <= attempts; tried += 1) {
        try {
          return await attempt();
        } catch (error) {
          if (error instanceof WalletRefusal) throw error;
          lastError = error;
          if (tried < attempts) await wait(options.backoffMs?.(tried) ?? 0);
        }
      }
      throw new WalletUnreachable(action, attempts, { cause: lastError });
    },
  };
}

export function createWalletClient(options: WalletClientOptions) {
  const transport = createWalletTransport(options);

  async function attempt(action: ProviderAction, rawBody: string): Promise<unknown> {
    const timestamp = String(Math.floor(options.clock().getTime() / 1000));
    const nonce = newProviderNonce();
    const response = await transport.post(
      new URL(PATHS[action], options.baseUrl()),
      {
        [PROVIDER_CODE_HEADER]: options.providerCode,
        [PROVIDER_TIMESTAMP_HEADER]: timestamp,
        [PROVIDER_NONCE_HEADER]: nonce,
        [PROVIDER_SIGNATURE_HEADER]: signProviderRequest(options.secret, timestamp, nonce, action, rawBody),
      },
      rawBody,
    );
    let envelope: { success?: unknown; code?: unknown; value?: { status?: unknown } };
    try {
      envelope = (await response.json()) as typeof envelope;
    } catch (error) {
      throw new NoAnswer('not JSON', { cause: error });
    }
    if (envelope.success === true && envelope.value?.status === 'RS_OK') return envelope.value;
    if (envelope.success === false && isErrorCode(envelope.code)) {
      const status = envelope.value?.status;
      throw new WalletRefusal(
        envelope.code,
        response.status,
        isProviderStatus(status) ? status : 'RS_ERROR_UNKNOWN',
      );
    }
    throw new NoAnswer(`unexpected answer (HTTP ${response.status})`);
  }

  /** The same body under the same transaction id on every attempt. */
  function call<T>(action: ProviderAction, body: object): Promise<T> {
    const rawBody = JSON.stringify(body);
    return transport.call(action, async () => (await attempt(action, rawBody)) as T);
  }

  return {
    authenticate: (body: ProviderAuthenticateRequest) =>
      call<ProviderAuthenticateResult>('authenticate', body),
    balance: (body: ProviderBalanceRequest) => call<ProviderBalanceResult>('balance', body),
    bet: (body: ProviderBetRequest) => call<ProviderTransactionResult>('bet', body),
    win: (body: ProviderWinRequest) => call<ProviderTransactionResult>('win', body),
    rollback: (body: ProviderRollbackRequest) => call<ProviderTransactionResult>('rollback', body),
    roundEnd: (body: ProviderRoundEndRequest) => call<ProviderRoundEndResult>('round-end', body),
    /** Pays what no stake bought (docs/decisions/065-provider-credits.md): here, a free round's win. */
    credit: (body: ProviderCreditRequest) => call<ProviderTransactionResult>('credit', body),
  };
}

export type WalletClient = ReturnType<typeof createWalletClient>;
