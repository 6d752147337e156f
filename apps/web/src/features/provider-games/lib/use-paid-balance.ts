import { useEffect, useRef } from 'react';
import { getProviderBalance } from '../api/get-balance.ts';

/**
 * When something of mine is paid (a table bet settled or refunded, a slip settled, cashed out or refunded),
 * the wallet's balance is asked again: the game's state carries no balance, and the return went to the
 * wallet. `paidIds` are the ids of what is paid so far (undefined until the game's state first answers);
 * what was already paid at that first answer is not news.
 */
export function usePaidBalance(
  sessionId: string,
  paidIds: readonly string[] | undefined,
  onBalance: (balance: number) => void,
) {
  const paidKey = paidIds === undefined ? null : paidIds.join(',');
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (paidKey === null) return;
    const paid = paidKey === '' ? [] : paidKey.split(',');
    const before = seen.current;
    seen.current = new Set(paid);
    if (before === null || paid.every((id) => before.has(id))) return;
    getProviderBalance(sessionId).then(
      (answer) => onBalance(answer.balance),
      () => {
        // The last balance stays shown; the next payment asks again.
      },
    );
  }, [paidKey, sessionId, onBalance]);
}
