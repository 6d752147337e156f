import { lotteryLaunchPath } from '@kl/contracts/games';
import type { LotteryGameSummary } from '@kl/contracts/lottery';

/**
 * The in-app address of a lottery launch answer (`/m/lotto-h5/…?token=…`), with pageBack kept. An address
 * of another origin is kept whole.
 */
export function lottoPathOf(url: string, { pageBack }: { pageBack: string | null }): string {
  const target = new URL(url, window.location.origin);
  if (pageBack) target.searchParams.set('pageBack', pageBack);
  return target.origin === window.location.origin
    ? `${target.pathname}${target.search}${target.hash}`
    : target.href;
}

/** /m/launchGame for an in-house lottery of the list (its first catalogue game), or null when it has none. */
export function launchPathOf(game: LotteryGameSummary): string | null {
  const gameId = game.catalogueGameIds[0];
  if (!gameId) return null;
  return lotteryLaunchPath({
    playType: game.playTypes[0] ?? 'trad',
    gameId,
    prizeMode: game.category === 'ELOTT' ? 'Elott' : 'Lott',
  });
}
