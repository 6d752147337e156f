import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { vi } from 'vitest';
import { storedSession } from './member-session.ts';
import { findScreen, renderApp } from './render-app.tsx';

/** A browser whose member asked for less motion (prefers-reduced-motion: reduce), or not. */
export function stubReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

export interface OpenGameScreenOptions {
  /** The member's account type (4: a trial account), or null for a visitor holding no session. */
  type?: number | null;
  /** 'reduced' (default): the browser asks for less motion. */
  motion?: 'reduced' | 'full';
  /** Whether the tab's sessionStorage is cleared first (default); false goes on with it (a reload). */
  freshTab?: boolean;
}

/**
 * Renders the app at `path` for a game screen: the browser asking for less motion unless `motion` is
 * 'full', holding the session of a member of `type` (a visitor's none); waits for the screen.
 */
export async function openGameScreen(
  path: string,
  { type = 0, motion = 'reduced', freshTab = true }: OpenGameScreenOptions = {},
) {
  stubReducedMotion(motion === 'reduced');
  if (freshTab) window.sessionStorage.clear();
  const view = await renderApp(path, {
    storage: type === null ? {} : { [SESSION_STORAGE_KEY]: storedSession(type) },
  });
  const page = await findScreen();
  return { ...view, page };
}
