import { fullPath } from '@kl/contracts/routes';
import type { Game } from '@kl/contracts/games';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../shared/stores/session-store.ts';
import { launchGame } from '../api/launch-game.ts';

/**
 * Launching a game (SPEC §5, §6): a visitor goes to /m/login and comes back here after logging in;
 * a member asks the server, then follows its answer — an in-app path is navigated to, an absolute
 * address is opened in this tab. A failure shows the message of its code.
 */
export function useLaunchGame() {
  const { role } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useMutation({
    mutationFn: (game: Game) => launchGame({ gameId: game.gameId }),
    onSuccess: (answer) => followLaunch(answer.url, (path) => void navigate(path)),
  });
  const launch = (game: Game) => {
    if (role === 'visitor') {
      const from = `${location.pathname}${location.search}${location.hash}`;
      void navigate(fullPath('login'), { state: { from } });
      return;
    }
    if (!mutation.isPending) mutation.mutate(game);
  };
  return { launch, pendingGameId: mutation.isPending ? mutation.variables.gameId : null };
}

/** An address under /m/ stays in the app; anything else (another origin) is opened in this tab. */
export function followLaunch(url: string, navigateInApp: (path: string) => void): void {
  const target = new URL(url, window.location.origin);
  if (target.origin === window.location.origin && target.pathname.startsWith('/m/')) {
    navigateInApp(`${target.pathname}${target.search}${target.hash}`);
  } else {
    window.location.assign(target.href);
  }
}
