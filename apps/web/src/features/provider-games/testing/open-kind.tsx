import type { SandboxLaunchKind, SandboxSession } from '@kl/contracts/sandbox-provider';
import { type ComponentType, useState } from 'react';
import { formatMoney } from '@kl/contracts/money';
import { renderWithQueries } from '../../../test/render-with-queries.tsx';
import type { ProviderKindProps } from '../kinds/registry.ts';

/** An amount in đồng as the provider's client writes it in English. */
export const vnd = (amount: number) => formatMoney(amount, 'VND', 'en');

/** A member's open session at the provider, in đồng, with `balance` in the game `gameId`. */
export const kindSession = ({ balance, gameId }: { balance: number; gameId: string }): SandboxSession => ({
  sessionId: '6f1c2f0e-3b7a-4c1d-9a55-2f1e8d7c6b5a',
  playerName: 'player01',
  currency: 'VND',
  balance,
  gameId,
  demo: false,
});

interface KindProps {
  /** The kind's component (kinds/*.tsx). */
  Kind: ComponentType<ProviderKindProps>;
  kind: SandboxLaunchKind;
  session: SandboxSession;
}

/** The kind as the provider's screen shows it, with the balance the screen's header would show. */
function KindWithBalance({ Kind, kind, session }: KindProps) {
  const [balance, setBalance] = useState(session.balance);
  return (
    <>
      <p data-testid="balance">{vnd(balance)}</p>
      <Kind kind={kind} session={session} balance={balance} onBalance={setBalance} />
    </>
  );
}

/**
 * Renders a game kind of the provider's client in English, against the answers the test set with `on`
 * beforehand (test/fake-api.ts), and answers the user who plays it.
 */
export function openKind(props: KindProps) {
  return renderWithQueries(<KindWithBalance {...props} />);
}
