import { FishingGame } from './fishing/fishing-game.tsx';
import type { ProviderKindProps } from './registry.ts';

/** Fishing at the sandbox provider: a tap on the sea fires one shot at the chosen cannon's cost. */
export default function FishingKind({ session, balance, onBalance }: ProviderKindProps) {
  return <FishingGame key={session.sessionId} session={session} balance={balance} onBalance={onBalance} />;
}
