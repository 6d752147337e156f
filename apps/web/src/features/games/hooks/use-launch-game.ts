import { fullPath } from '@kl/contracts/routes';
import type { Game, Vendor } from '@kl/contracts/games';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../../shared/stores/session-store.ts';
import { launchGame, type LaunchTargetRequest } from '../api/launch-game.ts';

/**
 * Launching a game or a vendor's lobby (product.md §5, §6): a visitor goes to /m/login and comes back
 * here after logging in; a member asks the server, then follows its answer — an in-app path is
 * navigated to, an absolute address is opened in this tab. A failure shows the message of its code.
 * A vendor tile sends `from: 'vendor'`, so the server applies its free-play rule (supportPlay 1).
 */
export function useLaunchGame() {
  const { role } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useMutation({
    mutationFn: (target: LaunchTargetRequest) => launchGame(target),
    onSuccess: (answer) => followLaunch(answer.url, (path) => void navigate(path)),
  });
  const start = (target: LaunchTargetRequest) => {
    if (role === 'visitor') {
      const from = `${location.pathname}${location.search}${location.hash}`;
      void navigate(fullPath('login'), { state: { from } });
      return;
    }
    if (!mutation.isPending) mutation.mutate(target);
  };
  const pending = mutation.isPending ? mutation.variables : undefined;
  return {
    launch: (game: Game) => start({ gameId: game.gameId }),
    launchVendor: (vendor: Vendor) =>
      start({ vassalage: vendor.vassalage, gameType: vendor.gameCategory, from: 'vendor' }),
    pendingGameId: pending && 'gameId' in pending ? pending.gameId : null,
    pendingVendor: pending && 'vassalage' in pending ? pending.vassalage : null,
  };
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
