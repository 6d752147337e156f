import type { GameCategory } from '@kl/contracts/routes';
import { create } from 'zustand';
import { applyTheme, persistTheme, readStoredTheme, type Theme } from '../lib/theme.ts';

/**
 * UI state only (CONVENTIONS: server data lives in TanStack Query): the selected game category,
 * the theme and whether the side menu is open. The language lives in i18next.
 */
export interface UiState {
  category: GameCategory;
  theme: Theme;
  sideMenuOpen: boolean;
  selectCategory: (category: GameCategory) => void;
  setTheme: (theme: Theme) => void;
  openSideMenu: () => void;
  closeSideMenu: () => void;
}

/** The category selected on arrival and by the logo and the footer's home item. */
export const DEFAULT_CATEGORY: GameCategory = 'HOT';

export const useUiStore = create<UiState>()((set) => ({
  category: DEFAULT_CATEGORY,
  theme: 'dark',
  sideMenuOpen: false,
  selectCategory: (category) => set({ category }),
  setTheme: (theme) => {
    persistTheme(theme);
    applyTheme(theme);
    set({ theme });
  },
  openSideMenu: () => set({ sideMenuOpen: true }),
  closeSideMenu: () => set({ sideMenuOpen: false }),
}));

/** Starts the UI state of a page load: the stored theme (applied at once), category HOT. */
export function initUiStore(): void {
  const theme = readStoredTheme();
  applyTheme(theme);
  useUiStore.setState({ category: DEFAULT_CATEGORY, theme, sideMenuOpen: false });
}
