import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { storedSession } from './fake-data.ts';
import { findScreen, renderApp } from './render-app.tsx';

export { storedSession };

/**
 * Renders the app at `path` with the browser holding the session of a member of `type`, and waits for
 * the screen.
 */
export async function openAsMember(
  path: string,
  { type, storage = {}, status }: { type: number; storage?: Record<string, string>; status?: SystemStatus },
) {
  const view = await renderApp(path, {
    storage: { [SESSION_STORAGE_KEY]: storedSession(type), ...storage },
    ...(status ? { status } : {}),
  });
  const page = await findScreen();
  return { ...view, page };
}
