import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { act, screen } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';
import { createFakeGames, type FakeGamesOptions } from './fake-games.ts';
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

const memberSession = () =>
  JSON.stringify({
    userName: 'player01',
    merchantCode: 'kimlong',
    type: 0,
    firstTimeLogin: false,
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
  });

/** Renders the app at `path` with the fake game catalogue (and a member session when `member`). */
export async function openWithGames(path: string, options: FakeGamesOptions = {}) {
  const games = createFakeGames(options);
  const view = await renderApp(path, {
    games,
    storage: options.member ? { [SESSION_STORAGE_KEY]: memberSession() } : {},
  });
  await findScreen();
  return { ...view, games };
}

export const cards = () => screen.getAllByTestId('game-card');
