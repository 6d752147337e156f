import { GAME_CLIENT_TYPE, gamesCalls, type GameType, type LaunchResult } from '@kl/contracts/games';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { gameLanguage } from '../lib/game-language.ts';

/** What is launched: a game of a list, or a vendor's lobby from its tile. */
export type LaunchTargetRequest =
  { gameId: string } | { vassalage: string; gameType: GameType; from: 'vendor' };

/** POST launch (member): a game, or a vendor's lobby → where to go (product.md §5 launch routing). */
export async function launchGame(target: LaunchTargetRequest): Promise<LaunchResult> {
  return apiCall(gamesCalls.launchGame, {
    body: { ...target, language: gameLanguage(), clientType: GAME_CLIENT_TYPE },
  });
}
