import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/app.tsx';
import { bootstrap } from '../app/bootstrap.ts';
import { SIGNED_IN_HINT_KEY } from '../shared/session-events.ts';
import { stubAdminApi, type FakeRoute } from './fake-api.ts';

/**
 * Opens the back office at `path` (under /admin) the way main.tsx does, against a fake server answering
 * `routes`. Retries are off, so a failure shows at once. The browser has signed in before (the app asks
 * the server for its session) unless `signedIn` is false.
 */
export async function renderAdmin(
  path: string,
  {
    routes = [],
    storage = {},
    signedIn = true,
  }: { routes?: FakeRoute[]; storage?: Record<string, string>; signedIn?: boolean } = {},
) {
  window.history.replaceState(null, '', `/admin${path}`);
  if (signedIn) window.localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
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
