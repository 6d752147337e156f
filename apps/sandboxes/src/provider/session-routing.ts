import type { WalletClient } from './wallet-client.ts';

/**
 * The wallet calls of a session, each sent to the client of the protocol its wallet session speaks
 * (docs/decisions/067-sandbox-hub88.md, docs/decisions/071-sandbox-pragmatic.md): `of` answers it for a
 * wallet session id. Opening a session (`authenticate`) is routed by its launch, apart.
 */
export function routeSessionCalls(
  of: (walletSessionId: string) => Promise<WalletClient>,
): Omit<WalletClient, 'authenticate'> {
  return {
    balance: async (body) => (await of(body.sessionId)).balance(body),
    bet: async (body) => (await of(body.sessionId)).bet(body),
    win: async (body) => (await of(body.sessionId)).win(body),
    rollback: async (body) => (await of(body.sessionId)).rollback(body),
    roundEnd: async (body) => (await of(body.sessionId)).roundEnd(body),
    credit: async (body) => (await of(body.sessionId)).credit(body),
  };
}
