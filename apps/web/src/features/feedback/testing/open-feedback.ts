import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { FakeAccounts } from '../../../test/fake-accounts.ts';
import { serveAlsoNext } from '../../../test/fake-server.ts';
import { storedSession } from '../../../test/fake-data.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { createFakeFeedback, type FakeFeedbackOptions } from './fake-feedback.ts';

export type FeedbackTestRole = 'visitor' | 'member' | 'trial';

/**
 * Opens the app at `path` (default /m/feedback in English) with the fake feedback server, as a member
 * (default), a trial member or a visitor (who needs the accounts fake for the login sheet).
 */
export async function openFeedback({
  role = 'member',
  path = '/m/feedback?lang=en',
  accounts,
  ...options
}: FakeFeedbackOptions & { role?: FeedbackTestRole; path?: string; accounts?: FakeAccounts } = {}) {
  const feedback = createFakeFeedback({ ...options, viewer: role === 'trial' ? 'trial' : 'member' });
  serveAlsoNext(feedback.handle);
  const view = await renderApp(path, {
    accounts,
    storage: role === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: storedSession(role === 'trial' ? 4 : 0) },
  });
  const page = await findScreen();
  return { ...view, feedback, page };
}
