import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeDeposit, type FakeDepositOptions } from './fake-deposit.ts';

/** A session record as the browser keeps it (SPEC §3); type 4 is a trial account. */
const storedSession = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** Opens /m/voucherCenter in English with the fake wallet and deposit server, as a member of `type`. */
export async function openDeposit({
  type = 0,
  path = '/m/voucherCenter?lang=en',
  storage = {},
  ...options
}: FakeDepositOptions & { type?: number; path?: string; storage?: Record<string, string> } = {}) {
  const deposit = createFakeDeposit({ viewer: type === 4 ? 'trial' : 'member', ...options });
  serveAlsoNext(deposit.handle);
  const view = await renderApp(path, {
    storage: { [SESSION_STORAGE_KEY]: storedSession(type), ...storage },
  });
  const page = await findScreen();
  return { ...view, deposit, page };
}
