import type { SandboxTableGame, SandboxTableRound } from '@kl/contracts/sandbox-provider';
import { outcomeOf } from '../../lib/outcomes.ts';
import { BaccaratBoard } from './baccarat-board.tsx';
import { BauCuaBoard } from './bau-cua-board.tsx';
import { CockfightBoard } from './cockfight-board.tsx';
import { XocDiaBoard } from './xoc-dia-board.tsx';

/** The game's board for the current round: waiting for the close, then its outcome once revealed. */
export function TableBoard({ game, round }: { game: SandboxTableGame; round: SandboxTableRound }) {
  switch (game) {
    case 'baccarat':
      return <BaccaratBoard key={round.roundId} outcome={outcomeOf('baccarat', round.outcome)} />;
    case 'xoc-dia':
      return <XocDiaBoard outcome={outcomeOf('xoc-dia', round.outcome)} />;
    case 'bau-cua':
      return <BauCuaBoard outcome={outcomeOf('bau-cua', round.outcome)} />;
    case 'cockfight':
      return <CockfightBoard params={round.params} outcome={outcomeOf('cockfight', round.outcome)} />;
  }
}
