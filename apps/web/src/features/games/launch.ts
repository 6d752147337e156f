/**
 * Launching a game or a vendor's lobby (product.md §5 launch routing), for the lottery's launch screen: an entry
 * of its own, apart from index.ts.
 */
export { launchGame, type LaunchTargetRequest } from './api/launch-game.ts';
