import type { ProviderKindProps } from './registry.ts';
import { SlotGame } from './slot/slot-game.tsx';

/** The sandbox provider's slot (the catalogue's third-party slot vendors). */
export default function SlotKind({ session, balance, onBalance }: ProviderKindProps) {
  return <SlotGame key={session.sessionId} session={session} balance={balance} onBalance={onBalance} />;
}
