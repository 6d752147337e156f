import type { SandboxTableGame } from '@kl/contracts/sandbox-provider';

/** Query keys of the provider's client; under ['member'] so that a logout drops them. */
export const PROVIDER_KEY = ['member', 'provider'] as const;
export const providerSessionKey = (token: string) => [...PROVIDER_KEY, 'session', token] as const;
export const providerTableKey = (sessionId: string, game: SandboxTableGame) =>
  [...PROVIDER_KEY, sessionId, 'table', game] as const;
