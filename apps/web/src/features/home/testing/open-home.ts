import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { storedSession } from '../../../test/fake-data.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { answerHome } from './fake-home.ts';

export type TestRole = 'visitor' | 'member' | 'trial';

/**
 * Opens the app at `path` with the home content's answers (a test sets its own with `on` first), as a
 * visitor, a member or a trial account.
 */
export async function openHome(
  path: string,
  { role = 'visitor', status }: { role?: TestRole; status?: SystemStatus } = {},
) {
  answerHome();
  const storage: Record<string, string> =
    role === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: storedSession(role === 'trial' ? 4 : 0) };
  const view = await renderApp(path, { status, storage });
  const page = await findScreen();
  return { ...view, page };
}
