import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { storedSession } from './fake-data.ts';
import { serveAlsoNext, type FakeHandler } from './fake-server.ts';
import { findScreen, renderApp } from './render-app.tsx';

export { storedSession };

/**
 * Renders the app at `path` with the browser holding the session of a member of `type` (and a feature's
 * fake part of the API, `handle`), and waits for the screen.
 */
export async function openAsMember(
  path: string,
  {
    type,
    handle,
    storage = {},
    status,
  }: { type: number; handle?: FakeHandler; storage?: Record<string, string>; status?: SystemStatus },
) {
  if (handle) serveAlsoNext(handle);
  const view = await renderApp(path, {
    storage: { [SESSION_STORAGE_KEY]: storedSession(type), ...storage },
    ...(status ? { status } : {}),
  });
  const page = await findScreen();
  return { ...view, page };
}
