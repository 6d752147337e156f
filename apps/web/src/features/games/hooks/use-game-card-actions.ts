import type { Game } from '@kl/contracts/games';
import { useFavouriteIds } from '../api/get-favourite-ids.ts';
import { useVendors } from '../api/get-vendors.ts';
import type { GameCardProps } from '../components/game-card.tsx';
import { useFavouriteToggle } from './use-favourite-toggle.ts';
import { useLaunchGame } from './use-launch-game.ts';

/** What every game card of a list needs besides its game: vendor name, favourite state, launch. */
export function useGameCardActions(): (game: Game) => Omit<GameCardProps, 'game' | 'hot'> {
  const favourites = useFavouriteIds();
  const { data: structure } = useVendors();
  const { toggle, pendingNodeId } = useFavouriteToggle();
  const { launch, pendingGameId } = useLaunchGame();
  return (game) => ({
    vendorName:
      structure?.vendors.find((vendor) => vendor.vassalage === game.vassalage)?.displayName ?? game.vassalage,
    favourite: favourites.has(game.nodeId),
    launching: pendingGameId === game.gameId,
    favouritePending: pendingNodeId === game.nodeId,
    onLaunch: launch,
    onToggleFavourite: toggle,
  });
}
