import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { MERCHANT_TOGGLES, type StatusInfo } from '@kl/contracts/status';
import { createSystemStatus } from './factories.ts';
import { createFakeMessages, type FakeMessagesOptions } from './fake-messages.ts';
import { serveAlsoNext } from './fake-server.ts';
import { findScreen, renderApp } from './render-app.tsx';

const sessionOf = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

export interface OpenMessagesOptions extends FakeMessagesOptions {
  /** The merchant's CBS3 toggle (live chat); on unless told. */
  cbs3?: boolean;
}

/**
 * Renders the app at `path` with the fake messages server, the browser holding the session of the
 * viewer (member by default; visitors hold none), and the merchant's CBS3 toggle.
 */
export async function openWithMessages(path: string, options: OpenMessagesOptions = {}) {
  const { cbs3 = true, ...fakeOptions } = options;
  const viewer = fakeOptions.viewer ?? 'member';
  const messages = createFakeMessages(fakeOptions);
  serveAlsoNext(messages.handle);
  const toggles = Object.fromEntries(
    MERCHANT_TOGGLES.map((name) => [name, name === 'CBS3' && cbs3]),
  ) as StatusInfo['toggles'];
  const status = createSystemStatus({ info: { toggles } });
  const view = await renderApp(path, {
    status,
    cachedStatus: status,
    storage: viewer === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: sessionOf(viewer === 'trial' ? 4 : 0) },
  });
  await findScreen();
  return { ...view, messages };
}
