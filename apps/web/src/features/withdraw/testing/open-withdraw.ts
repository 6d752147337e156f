import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeWithdrawal, type FakeWithdrawalOptions } from './fake-withdrawal.ts';

/** A session record as the browser keeps it (product.md §3); type 4 is a trial account. */
const storedSession = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** Opens `path` (default /m/withdraw) in English with the fake withdrawal server, as a member of `type`. */
export async function openWithdraw({
  type = 0,
  path = '/m/withdraw?lang=en',
  ...options
}: FakeWithdrawalOptions & { type?: number; path?: string } = {}) {
  const withdrawal = createFakeWithdrawal(options);
  serveAlsoNext(withdrawal.handle);
  const view = await renderApp(path, { storage: { [SESSION_STORAGE_KEY]: storedSession(type) } });
  const page = await findScreen();
  return { ...view, withdrawal, page };
}
