import { routeSessionCalls } from '../session-routing.ts';
import type { WalletClient } from '../wallet-client.ts';
import type { PragmaticRecords } from './records.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The provider's wallet calls of sessions launched through Pragmatic's protocol
 * (docs/decisions/071-sandbox-pragmatic.md): a session opened with a launch the game server recorded speaks
 * Pragmatic's protocol, as the provider `sandbox-pragmatic` at the site; every other session is `others`'
 * (the native protocol's or Hub88's, `../hub88/routing.ts`). The games call this one client and never know
 * which.
 */
export function routePragmaticCalls(deps: {
  pragmatic: WalletClient;
  others: WalletClient;
  records: Pick<PragmaticRecords, 'find' | 'launch'>;
}): WalletClient {
  const { pragmatic, others, records } = deps;
  // A Pragmatic session's wallet session id is its launch's id, a UUID, as is what the game client's address
  // carries to open it; the site's own launch tokens are not UUIDs.
  const ofLaunch = async (id: string) => (UUID.test(id) && (await records.find(id)) ? pragmatic : others);
  const of = async (id: string) => (UUID.test(id) && (await records.launch(id)) ? pragmatic : others);
  return {
    authenticate: async (body) => (await ofLaunch(body.token)).authenticate(body),
    ...routeSessionCalls(of),
  };
}
