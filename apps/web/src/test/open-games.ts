import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { act, screen } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import type { Game } from '@kl/contracts/games';
import type { SystemStatus } from '@kl/contracts/status';
import { answerGames } from './fake-games.ts';
import { storedSession } from './fake-data.ts';
import { findScreen, renderApp } from './render-app.tsx';

/** IntersectionObserver stand-in: the test says when the marker comes near the screen. */
const observers = new Set<FakeObserver>();
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observers.add(this);
  }
  disconnect() {
    observers.delete(this);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  fire() {
    this.callback(
      [{ isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

/** Every infinite-scroll marker reports that it came near the screen. */
export const scrollToEnd = () => [...observers].forEach((observer) => observer.fire());

/** The user scrolls: the parts of the page waiting to come near the screen (WhenNear) come near. */
export function scrollNear() {
  act(() => {
    window.dispatchEvent(new Event('scroll'));
    scrollToEnd();
  });
}

/** Installs the IntersectionObserver stand-in before each test of the calling file. */
export function installFakeIntersectionObserver() {
  beforeEach(() => {
    observers.clear();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
}

/**
 * Renders the app at `path` with the game screens' answers (fake-games.ts: the member's `favourites`
 * read at each call), as a member when `member` (else a visitor), and waits for the screen.
 */
export async function openWithGames(
  path: string,
  {
    member = false,
    favourites,
    status,
  }: { member?: boolean; favourites?: () => Game[]; status?: SystemStatus } = {},
) {
  answerGames(favourites);
  const view = await renderApp(path, {
    storage: member ? { [SESSION_STORAGE_KEY]: storedSession() } : {},
    ...(status && { status }),
  });
  await findScreen();
  return view;
}

export const cards = () => screen.getAllByTestId('game-card');
