import { routeSessionCalls } from '../session-routing.ts';
import type { WalletClient } from '../wallet-client.ts';
import type { Hub88Records } from './records.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The provider's wallet calls, each in the protocol of its session (docs/decisions/067-sandbox-hub88.md):
 * a session opened with a launch the operator's Hub88 `game/url` recorded speaks Hub88's protocol, as the
 * provider `sandbox-hub88` at the site; every other session the native one, as `sandbox`. The games call
 * this one client and never know which.
 */
export function routeWalletCalls(deps: {
  native: WalletClient;
  hub88: WalletClient;
  records: Pick<Hub88Records, 'launch'>;
}): WalletClient {
  const { native, hub88, records } = deps;
  // A Hub88 session's wallet session id and its launch's reference are the launch's id, a UUID; the site's
  // own launch tokens are not UUIDs.
  const of = async (id: string) => (UUID.test(id) && (await records.launch(id)) ? hub88 : native);
  return {
    authenticate: async (body) => (await of(body.token)).authenticate(body),
    ...routeSessionCalls(of),
  };
}
