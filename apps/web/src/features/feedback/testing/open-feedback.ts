import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import type { FeedbackItem } from '@kl/contracts/feedback';
import { storedSession } from '../../../test/fake-data.ts';
import { findScreen, renderApp } from '../../../test/render-app.tsx';
import { answerFeedback } from './fake-feedback.ts';

export type FeedbackTestRole = 'visitor' | 'member' | 'trial';

/**
 * Opens the app at `path` (default /m/feedback in English) with the feedback sent so far, `items`
 * (newest first, read at each request), as a member (default), a trial member or a visitor.
 */
export async function openFeedback({
  role = 'member',
  path = '/m/feedback?lang=en',
  items = [],
}: { role?: FeedbackTestRole; path?: string; items?: FeedbackItem[] } = {}) {
  answerFeedback(items);
  const view = await renderApp(path, {
    storage: role === 'visitor' ? {} : { [SESSION_STORAGE_KEY]: storedSession(role === 'trial' ? 4 : 0) },
  });
  const page = await findScreen();
  return { ...view, page };
}
