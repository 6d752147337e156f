import type { SandboxBalance, SandboxSession } from '@kl/contracts/sandbox-provider';
import type { Clock } from '../platform/clock.ts';
import { DomainError } from '../platform/api.ts';
import type { ProviderSessionRow, SandboxRepository } from './repository.ts';
import { type WalletClient, WalletRefusal, WalletUnreachable } from './wallet-client.ts';

/**
 * The sandbox provider's player sessions (docs/decisions/026-sandbox-provider.md): opened with the
 * operator's launch token (the wallet's `authenticate`), and named by the provider's own session id in
 * every call of the game client. A repeat of the exchange within the token's life is the same wallet
 * session, so it answers the same provider session.
 */

export type { ProviderSessionRow } from './repository.ts';

const BEARER = /^Bearer ([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Runs a wallet call for a player: a refusal becomes the player's refusal with the wallet's catalogue
 * code and the provider's status; no answer at all is 503 GAME_PROVIDER_UNAVAILABLE (try again later), never a 500.
 */
export async function asPlayer<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof WalletRefusal)
      throw new DomainError(error.code, { providerStatus: error.providerStatus });
    if (error instanceof WalletUnreachable)
      throw new DomainError('GAME_PROVIDER_UNAVAILABLE', { reason: 'WALLET_UNREACHABLE' });
    throw error;
  }
}

/**
 * Runs `work` on each item, all of them even when some fail (one round the wallet refuses must not hold
 * back the others); the first failure is thrown at the end.
 */
export async function runEach<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  const failures: unknown[] = [];
  for (const item of items) {
    try {
      await work(item);
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw failures[0];
}

export function createSessionService(deps: { repo: SandboxRepository; clock: Clock; wallet: WalletClient }) {
  const { repo, clock, wallet } = deps;
  return {
    /** Exchanges the launch token at the wallet and opens (or finds) the provider's session. */
    async open(token: string): Promise<SandboxSession> {
      const answer = await asPlayer(() => wallet.authenticate({ token }));
      await repo.insertSession({
        walletSessionId: answer.sessionId,
        playerId: answer.playerId,
        playerName: answer.playerName,
        currency: answer.currency,
        gameId: answer.gameId,
        demo: answer.demo,
        createdAt: clock(),
      });
      const row = await repo.findSessionByWalletSession(answer.sessionId);
      if (!row) throw new Error('the provider session was neither written nor found');
      return {
        sessionId: row.id,
        playerName: row.playerName,
        currency: row.currency,
        balance: answer.balance,
        gameId: row.gameId,
        demo: row.demo,
      };
    },

    /** The session named by `authorization: Bearer <id>`; SESSION_EXPIRED when there is none. */
    async resolve(authorization: string | undefined): Promise<ProviderSessionRow> {
      const id = authorization === undefined ? undefined : BEARER.exec(authorization.trim())?.[1];
      const row = id ? await repo.findSession(id.toLowerCase()) : undefined;
      if (!row) throw new DomainError('SESSION_EXPIRED', { reason: 'PROVIDER_SESSION_NOT_FOUND' });
      return row;
    },

    async balance(session: ProviderSessionRow): Promise<SandboxBalance> {
      const answer = await asPlayer(() => wallet.balance({ sessionId: session.walletSessionId }));
      return { currency: answer.currency, balance: answer.balance };
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
