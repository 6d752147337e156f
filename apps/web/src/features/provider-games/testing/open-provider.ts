import { openGameScreen } from '../../../test/open-game-screen.ts';
import { answerProvider } from './fake-provider.ts';

/**
 * Opens the provider's client at `path` (a launch address) for a logged-in member, the provider answering
 * a session with `balance` unless the test said otherwise (fake-provider.ts), in a browser asking for less
 * motion unless `motion` is 'full'. The tab's sessionStorage is kept unless `freshTab` (a reload).
 */
export async function openProvider({
  path,
  balance = 1_000_000,
  motion = 'reduced',
  freshTab = true,
}: {
  path: string;
  balance?: number;
  motion?: 'reduced' | 'full';
  freshTab?: boolean;
}) {
  answerProvider(balance);
  return openGameScreen(path, { motion, freshTab });
}
