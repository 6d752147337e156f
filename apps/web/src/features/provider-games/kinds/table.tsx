import { SANDBOX_TABLE_GAMES, type SandboxTableGame } from '@kl/contracts/sandbox-provider';
import { TableGame } from '../components/table-game.tsx';
import type { ProviderKindProps } from './registry.ts';

const isTableGame = (kind: string): kind is SandboxTableGame =>
  (SANDBOX_TABLE_GAMES as readonly string[]).includes(kind);

/** The live tables: baccarat, xóc đĩa, bầu cua and cockfight, one screen with a board per game. */
export default function TableKind({ kind, ...props }: ProviderKindProps) {
  if (!isTableGame(kind)) return null;
  return <TableGame key={`${props.session.sessionId}:${kind}`} game={kind} {...props} />;
}
