import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { serveAlsoNext, type FakeHandler } from './fake-server.ts';
import { findScreen, renderApp } from './render-app.tsx';

/** A session record as the browser keeps it (product.md §3); type 4 is a trial account. */
export const storedSession = (type: number) =>
  JSON.stringify({
    userName: type === 4 ? 'trial0001' : 'player01',
    merchantCode: 'kimlong',
    type,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/**
 * Renders the app at `path` with a feature's fake server (`handle`), the browser holding the session of a
 * member of `type`, and waits for the screen.
 */
export async function openAsMember(
  path: string,
  {
    type,
    handle,
    storage = {},
    status,
  }: { type: number; handle: FakeHandler; storage?: Record<string, string>; status?: SystemStatus },
) {
  serveAlsoNext(handle);
  const view = await renderApp(path, {
    storage: { [SESSION_STORAGE_KEY]: storedSession(type), ...storage },
    ...(status ? { status } : {}),
  });
  const page = await findScreen();
  return { ...view, page };
}
