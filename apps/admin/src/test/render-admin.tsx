import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/app.tsx';
import { bootstrap } from '../app/bootstrap.ts';
import { stubAdminApi, type FakeRoute } from './fake-api.ts';

/**
 * Opens the back office at `path` (under /admin) the way main.tsx does, against a fake server answering
 * `routes`. Retries are off, so a failure shows at once.
 */
export async function renderAdmin(
  path: string,
  { routes = [], storage = {} }: { routes?: FakeRoute[]; storage?: Record<string, string> } = {},
) {
  window.history.replaceState(null, '', `/admin${path}`);
  for (const [key, value] of Object.entries(storage)) window.localStorage.setItem(key, value);
  const api = stubAdminApi(routes);
  const { queryClient } = await bootstrap(new URL(window.location.href), { retry: false });
  // No pause between keystrokes: nothing here waits on the clock.
  const user = userEvent.setup({ delay: null });
  const view = render(<App queryClient={queryClient} />);
  return { ...view, user, api, queryClient };
}

/** The screen's heading, once shown. */
export const findHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 1, name });
