import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeHome, type FakeHomeOptions } from './fake-home.ts';

export type TestRole = 'visitor' | 'member' | 'trial';

/** A session record as the browser keeps it (product.md §3), for a member or a trial account. */
export const storedSession = (role: Exclude<TestRole, 'visitor'>) =>
  JSON.stringify({
    userName: role === 'trial' ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type: role === 'trial' ? 4 : 0,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** Opens the app at `path` with the fake home content, as a visitor, a member or a trial account. */
export async function openHome(
  path: string,
  { home, role = 'visitor', status }: { home?: FakeHomeOptions; role?: TestRole; status?: SystemStatus } = {},
) {
  const fake = createFakeHome(home);
  serveAlsoNext(fake.handle);
  const view = await renderApp(path, {
    status,
    storage: role === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: storedSession(role) },
  });
  const page = await findScreen();
  return { ...view, fake, page };
}
