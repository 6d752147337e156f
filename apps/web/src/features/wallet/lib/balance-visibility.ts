import { create } from 'zustand';
import { storage } from '../../../shared/lib/storage.ts';

/** localStorage key of the member's choice to hide the balance ('1' hidden). */
export const BALANCE_HIDDEN_KEY = 'balanceHidden';

interface BalanceVisibility {
  hidden: boolean;
  toggle: () => void;
}

/** Hide/show of the balance, shared by every wallet widget on the page and kept across visits. */
export const useBalanceVisibility = create<BalanceVisibility>()((set, get) => ({
  hidden: storage.get(BALANCE_HIDDEN_KEY) === '1',
  toggle: () => {
    const hidden = !get().hidden;
    storage.set(BALANCE_HIDDEN_KEY, hidden ? '1' : '0');
    set({ hidden });
  },
}));
