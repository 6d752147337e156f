import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { createSystemStatus } from '../../../test/factories.ts';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeDeposit, type FakeDepositOptions } from './fake-deposit.ts';

/** A session record as the browser keeps it (product.md §3); type 4 is a trial account. */
const storedSession = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/**
 * Opens /m/voucherCenter in English with the fake wallet and deposit server, as a member of `type`, in the
 * base template (status mobileTemplate.dep_func 0) or the new one (`template: 'new'`, dep_func 1).
 */
export async function openDeposit({
  type = 0,
  path = '/m/voucherCenter?lang=en',
  storage = {},
  template = 'base',
  ...options
}: FakeDepositOptions & {
  type?: number;
  path?: string;
  storage?: Record<string, string>;
  template?: 'base' | 'new';
} = {}) {
  const deposit = createFakeDeposit({ viewer: type === 4 ? 'trial' : 'member', ...options });
  serveAlsoNext(deposit.handle);
  const view = await renderApp(path, {
    storage: { [SESSION_STORAGE_KEY]: storedSession(type), ...storage },
    status: createSystemStatus({
      info: { mobileTemplate: { mem_cen: 1, dep_func: template === 'new' ? 1 : 0 } },
    }),
  });
  const page = await findScreen();
  return { ...view, deposit, page };
}
