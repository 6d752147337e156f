import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatCalls } from '@kl/contracts/chat';
import { gamesCalls } from '@kl/contracts/games';
import { createSystemStatus } from '../../test/factories.ts';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { FISH_GAMES, RNG_GAMES, searchCalls, searchPageOf } from '../../test/fake-games.ts';
import { cards, openWithGames, scrollToEnd, installFakeIntersectionObserver } from '../../test/open-games.ts';

installFakeIntersectionObserver();
const open = openWithGames;
const launches = () => callsTo(gamesCalls.launchGame).map(({ body }) => body);
const favouriteChanges = () => [...callsTo(gamesCalls.addFavourite), ...callsTo(gamesCalls.removeFavourite)];

// Tests that wait out the scroll throttle or the list debounce run on fake timers and move the clock.
afterEach(() => {
  vi.useRealTimers();
});

describe('game list (product.md §2 /m/gameList, §4 Lists)', () => {
  it('shows 25 games, appends the next page on scroll and stops at the last page', async () => {
    await open('/m/gameList?gameType=RNG&lang=en');
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(searchCalls()[0]).toMatchObject({ gameType: 'RNG', pageNo: '1', pageSize: '25' });
    scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(50));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await vi.advanceTimersByTimeAsync(350);
    scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(60));
    expect(screen.queryByTestId('load-more')).toBeNull();
    expect(searchCalls().map((query) => query.pageNo)).toEqual(['1', '2', '3']);
  });

  it('starts again at page 1 when the vendor or the class changes, and searches on Enter', async () => {
    const { user } = await open('/m/gameList?gameType=RNG&lang=en');
    await waitFor(() => expect(cards()).toHaveLength(25));
    scrollToEnd();
    await waitFor(() => expect(cards()).toHaveLength(50));
    await user.click(screen.getByRole('button', { name: 'Lotus Slots' }));
    await waitFor(() => expect(searchCalls().at(-1)).toMatchObject({ vassalage: 'LOTUS', pageNo: '1' }));
    await waitFor(() => expect(window.location.search).toContain('vassalage=LOTUS'));
    await waitFor(() => expect(cards()).toHaveLength(25));
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(screen.getByRole('radio', { name: 'Jackpot' }));
    await waitFor(() =>
      expect(searchCalls().at(-1)).toMatchObject({
        vassalage: 'LOTUS',
        gameClassify: 'JP',
        pageNo: '1',
      }),
    );
    const before = searchCalls().length;
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).type(box, 'Game 3');
    await vi.advanceTimersByTimeAsync(350);
    expect(searchCalls()).toHaveLength(before);
    await user.type(box, '{Enter}');
    await waitFor(() => expect(searchCalls().at(-1)).toMatchObject({ gameName: 'Game 3', pageNo: '1' }));
    await waitFor(() => expect(cards().map((card) => card.textContent)).toContain('Play Game 3 Lotus Slots'));
  });

  it('debounces list requests: quick filter changes make one request', async () => {
    const { user } = await open('/m/gameList?gameType=RNG&lang=en');
    await waitFor(() => expect(cards()).toHaveLength(25));
    const before = searchCalls().length;
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('radio', { name: '0.01' }));
    await user.click(screen.getByRole('radio', { name: '0.1' }));
    await vi.advanceTimersByTimeAsync(300);
    await waitFor(() => expect(searchCalls().length).toBeGreaterThan(before));
    await vi.advanceTimersByTimeAsync(400);
    expect(searchCalls().slice(before)).toEqual([expect.objectContaining({ minBet: '0.1' })]);
  });

  it('hides the search for hot, shows the empty state when nothing matches', async () => {
    await open('/m/gameList?gameType=RNG&type=hot&lang=en');
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('shows the empty state when a list has no games', async () => {
    on(gamesCalls.gameSearch, searchPageOf([], {}));
    await open('/m/gameList?gameType=PVP&lang=en');
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No data');
  });

  it('tells a visitor to log in for favourites and keeps the filter', async () => {
    const { user } = await open('/m/gameList?gameType=RNG&lang=en');
    await waitFor(() => expect(cards()).toHaveLength(25));
    await user.click(screen.getByRole('button', { name: 'Favourites' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.location.search).not.toContain('type=fav');
  });
});

describe('game card (product.md §2, §4 Favourites, §5 launch)', () => {
  it('sends a visitor who launches a game to /m/login', async () => {
    const { user } = await open('/m/gameList?gameType=RNG&lang=en');
    await user.click(await screen.findByRole('button', { name: 'Play Game 0' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
    expect(launches()).toEqual([]);
  });

  it('launches for a member and follows the in-app address of the answer', async () => {
    const { user } = await open('/m/gameList?gameType=RNG&lang=en', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Play Game 4' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/slotsCenter'));
    expect(window.location.search).toBe('?launch=launch-t0k3n-0001');
    expect(launches()[0]).toMatchObject({
      gameId: '1004',
      clientType: 2,
    });
  });

  it('lazy-loads the artwork with its size', async () => {
    await open('/m/gameList?gameType=RNG&lang=en');
    const card = (await screen.findAllByTestId('game-card'))[0] as HTMLElement;
    const image = card.querySelector('img');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');
  });

  it('toggles a favourite with the success message; removal in the favourites filter drops the card', async () => {
    // The server keeps game 2 as a favourite from its addition to its removal.
    on(gamesCalls.addFavourite, ({ body }) => ({ nodeId: body.nodeId, favourite: true }));
    on(gamesCalls.removeFavourite, ({ body }) => ({ nodeId: body.nodeId, favourite: false }));
    const added = () => callsTo(gamesCalls.addFavourite).length > callsTo(gamesCalls.removeFavourite).length;
    const { user } = await open('/m/gameList?gameType=RNG&lang=en', {
      member: true,
      favourites: () => (added() ? [RNG_GAMES[2]!] : []),
    });
    const heart = await screen.findByRole('button', { name: 'Favourite Game 2' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(await screen.findByText('Changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(callsTo(gamesCalls.addFavourite)[0]?.body).toMatchObject({ nodeId: '5002' });

    await user.click(screen.getByRole('button', { name: 'Favourites' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(within(cards()[0] as HTMLElement).getByRole('button', { name: 'Favourite Game 2' }));
    await waitFor(() => expect(screen.queryAllByTestId('game-card')).toHaveLength(0));
    expect(callsTo(gamesCalls.removeFavourite)[0]?.body).toMatchObject({ nodeId: '5002' });
  });

  it('only ends the loading state when a favourite change fails', async () => {
    on(gamesCalls.addFavourite, failure('SYSTEM_ERROR'));
    const { user } = await open('/m/gameList?gameType=RNG&lang=en', { member: true });
    const heart = await screen.findByRole('button', { name: 'Favourite Game 2' });
    await user.click(heart);
    await waitFor(() => expect(heart).not.toBeDisabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(favouriteChanges()).toHaveLength(1);
    // No message at all: the failure toast of mutations is turned off for favourites.
    expect(document.querySelector('.adm-toast-mask')?.textContent ?? null).toBeNull();
  });

  it('tells a visitor to log in when the heart is pressed', async () => {
    const { user } = await open('/m/gameList?gameType=RNG&lang=en');
    await user.click(await screen.findByRole('button', { name: 'Favourite Game 2' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(favouriteChanges()).toEqual([]);
  });
});

describe('game entry (product.md §2 /m/game and the category paths)', () => {
  it('shows the hot tab first and the category menu; RNG opens the game list', async () => {
    const { user } = await open('/m/game?lang=en');
    const menu = screen.getByRole('navigation', { name: 'Game categories' });
    expect(within(menu).getByRole('button', { name: 'Hot games' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    await user.click(within(menu).getByRole('link', { name: 'Slots' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/gameList'));
    expect(window.location.search).toBe('?gameType=RNG');
  });

  it('keeps the tab when a visitor chooses favourites', async () => {
    const { user } = await open('/m/game?lang=en');
    const menu = screen.getByRole('navigation', { name: 'Game categories' });
    await user.click(within(menu).getByRole('button', { name: 'Favourites' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Hot games' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the category of a category path', async () => {
    on(gamesCalls.gameSearch, ({ query }) => searchPageOf(FISH_GAMES, query));
    await open('/m/fishing-games?lang=en');
    expect(screen.getByTestId('category-content')).toHaveAttribute('data-category', 'FISH');
    await waitFor(() => expect(cards()).toHaveLength(4));
    expect(searchCalls().at(-1)).toMatchObject({ gameType: 'FISH' });
  });

  it('links the lottery categories to the in-house lottery lobby', async () => {
    await open('/m/elott?lang=en');
    expect(screen.getByTestId('category-content')).toHaveAttribute('data-category', 'ELOTT');
    expect(
      await screen.findByRole('link', { name: 'Kim Long lottery: draws and draw times' }),
    ).toHaveAttribute('href', '/m/lottery');
  });

  it('previews RNG, FISH and LIVE on the HOME tab, requests 400 ms apart', async () => {
    const { user } = await open('/m/game?lang=en');
    const menu = screen.getByRole('navigation', { name: 'Game categories' });
    await user.click(within(menu).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(searchCalls().filter((q) => q.gameType === 'LIVE')).toHaveLength(1), {
      timeout: 2_000,
    });
    const previews = searchCalls().filter((q) => ['RNG', 'FISH', 'LIVE'].includes(q.gameType ?? ''));
    expect(previews.map((q) => [q.gameType, q.pageSize])).toEqual([
      ['RNG', '3'],
      ['FISH', '2'],
      ['LIVE', '1'],
    ]);
  });
});

describe('live hosts on the live category (product.md §2)', () => {
  const statusWithHosts = (on: boolean) => {
    const status = createSystemStatus();
    return createSystemStatus({ info: { toggles: { ...status.info.toggles, CBS3: on } } });
  };
  const host = (id: string, name: string, streaming: boolean) => ({
    ...{ id, name, avatar: `/api/live/avatars/${id}.svg`, active: true, streaming },
  });

  it('lists the hosts on duty, those streaming first, with the live-host feature on', async () => {
    on(chatCalls.liveModels, {
      list: [host('an', 'An', false), host('bao', 'Bảo', true), host('chi', 'Chi', true)],
    });
    await open('/m/live-games?lang=en', { status: statusWithHosts(true) });
    const hosts = await screen.findByRole('region', { name: 'Live hosts' });
    expect(
      within(hosts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['BảoLive now', 'ChiLive now', 'AnOn duty']);
    expect(callsTo(chatCalls.liveModels).map(({ query }) => query)).toEqual([{ active: '1' }]);
  });

  it('shows none, and asks for none, with the feature off', async () => {
    on(chatCalls.liveModels, { list: [host('an', 'An', true)] });
    await open('/m/live-games?lang=en', { status: statusWithHosts(false) });
    await screen.findByTestId('category-content');
    expect(screen.queryByRole('region', { name: 'Live hosts' })).toBeNull();
    expect(callsTo(chatCalls.liveModels)).toHaveLength(0);
  });
});
