import type { Game } from '@kl/contracts/games';
import { useFavouriteIds } from '../api/get-favourite-ids.ts';
import { useVendors } from '../api/get-vendors.ts';
import type { GameCardProps } from '../components/game-card.tsx';
import { useFavouriteToggle } from './use-favourite-toggle.ts';
import { useLaunchGame } from './use-launch-game.ts';

/** What every game card of a list needs besides its game: vendor name and icon, favourite state, launch. */
export function useGameCardActions(): (game: Game) => Omit<GameCardProps, 'game' | 'hot' | 'place'> {
  const favourites = useFavouriteIds();
  const { data: structure } = useVendors();
  const { toggle, pendingNodeId } = useFavouriteToggle();
  const { launch, pendingGameId } = useLaunchGame();
  return (game) => {
    const vendor = structure?.vendors.find((entry) => entry.vassalage === game.vassalage);
    return {
      vendorName: vendor?.displayName ?? game.vassalage,
      vendorIcon: vendor?.mobileSmallIcon,
      favourite: favourites.ids.has(game.nodeId),
      launching: pendingGameId === game.gameId,
      // Until the member's favourites are known, a heart cannot say which way it would toggle.
      favouritePending: pendingNodeId === game.nodeId || !favourites.known,
      onLaunch: launch,
      onToggleFavourite: toggle,
    };
  };
}
