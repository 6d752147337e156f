import { openGameScreen } from '../../../test/open-game-screen.ts';
import { createFakeProvider, type FakeProvider, type FakeProviderOptions } from './fake-provider.ts';

/**
 * Opens the provider's client at `path` (a launch address) for a logged-in member, against the fake
 * provider (a new one, or `provider` to go on with one: a reload), in a browser asking for less motion
 * unless `motion` is 'full'. The tab's sessionStorage is kept unless `freshTab`.
 */
export async function openProvider({
  path,
  motion = 'reduced',
  provider,
  freshTab = true,
  ...options
}: FakeProviderOptions & {
  path: string;
  motion?: 'reduced' | 'full';
  provider?: FakeProvider;
  freshTab?: boolean;
}) {
  const fake = provider ?? createFakeProvider(options);
  const view = await openGameScreen(path, { handle: fake.handle, motion, freshTab });
  return { ...view, provider: fake };
}
