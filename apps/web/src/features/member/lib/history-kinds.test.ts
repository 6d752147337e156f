import { LEDGER_KINDS } from '@kl/contracts/wallet';
import { describe, expect, it } from 'vitest';
import { HISTORY_KIND_FILTERS, kindParam, kindsOf } from './history-kinds.ts';

describe('history kind filters', () => {
  it('put every ledger kind in exactly one group', () => {
    const grouped = HISTORY_KIND_FILTERS.filter((filter) => filter !== 'all').flatMap((filter) =>
      kindsOf(filter),
    );
    expect([...grouped].sort()).toEqual([...LEDGER_KINDS].sort());
  });

  it('ask the server for the kinds of a group, or for every kind', () => {
    expect(kindParam('all')).toBeUndefined();
    expect(kindParam('withdrawal')).toBe('withdrawal_hold,withdrawal_release,withdrawal_paid');
    expect(kindParam('games')).toBe('bet,win,game_round,jackpot_win');
  });
});
