import { WINNER_BOARD } from '@kl/contracts/constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gamesCalls, type Game } from '@kl/contracts/games';
import { createSystemStatus } from '../../test/factories.ts';
import { callsTo, on } from '../../test/fake-api.ts';
import { gate } from '../../test/gate.ts';
import {
  createGame,
  FISH_GAMES,
  RNG_GAMES,
  searchCalls,
  searchPageOf,
  winsOf,
} from '../../test/fake-games.ts';
import { openWithGames, installFakeIntersectionObserver, scrollNear } from '../../test/open-games.ts';
import { carouselColumns } from './components/game-carousel.tsx';
import { nextWinnerOffset } from './components/winner-board.tsx';
import gamesCss from './games.css?raw';

installFakeIntersectionObserver();

const section = (name: string) => screen.getByRole('region', { name });
const sectionCards = (name: string) => within(section(name)).queryAllByTestId('game-card');
/** How many games a carousel holds: each drawn card says the size of the whole list. */
const sectionGames = (name: string) => Number(sectionCards(name)[0]?.getAttribute('aria-setsize') ?? 0);

/**
 * Opens home, its sections answered from `games` (every RNG and FISH game unless told): the new ones for
 * NEW_GAME, none of the class BG, all of them for the other searches, the first 25 as hot.
 */
function openHome({
  games = [...RNG_GAMES, ...FISH_GAMES],
  ...options
}: Parameters<typeof openWithGames>[1] & { games?: Game[] } = {}) {
  on(gamesCalls.gameSearch, ({ query }) => {
    const found = query.isNew ? games.filter((game) => game.isNew) : query.gameClassify === 'BG' ? [] : games;
    return searchPageOf(found, query);
  });
  on(gamesCalls.hotGames, { list: games.slice(0, 25) });
  return openWithGames('/m/home?lang=en', options);
}
const launches = () => callsTo(gamesCalls.launchGame).map(({ body }) => body);

/** The user scrolls down home: the sections below the first screen come near and draw their cards. */
async function scrollDownHome() {
  await screen.findByRole('region', { name: 'BG' });
  // The first screen's section drawn is a commit after the sections' first one: by then every section
  // watches for the screen (React runs a commit's effects before the next render), so the scroll reaches
  // them all.
  await waitFor(() => expect(within(section('Hot games')).queryByRole('status')).toBeNull());
  scrollNear();
}

describe('home game sections (product.md §2 home, §9 carousel)', () => {
  it('shows HOT, NEW_GAME, BGS and BG to a visitor, without favourites', async () => {
    await openHome();
    await scrollDownHome();
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    await waitFor(() => expect(sectionGames('New games')).toBe(13));
    await waitFor(() => expect(sectionGames('BGS')).toBe(25));
    expect(await within(section('BG')).findByTestId('empty-state')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Favourites' })).toBeNull();
  });

  it('shows the sections the merchant chose, in its order', async () => {
    await openHome({ status: createSystemStatus({ info: { homeSections: ['BG', 'NEW_GAME', 'HOT'] } }) });
    await screen.findByRole('region', { name: 'BG' });
    const sections = [...document.querySelectorAll('[data-section]')].map((node) =>
      node.getAttribute('data-section'),
    );
    expect(sections).toEqual(['BG', 'NEW_GAME', 'HOT']);
    expect(screen.queryByRole('region', { name: 'BGS' })).toBeNull();
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
  });

  it('asks for every section with the page, and draws those below the first screen when they come near', async () => {
    await openHome();
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    await waitFor(() => expect(searchCalls()).toHaveLength(3));
    // The answers are in; the cards wait, and each section keeps its place with the waiting status.
    for (const name of ['New games', 'BGS']) {
      expect(sectionCards(name)).toHaveLength(0);
      expect(within(section(name)).getByRole('status')).toHaveTextContent('Please wait');
    }
    scrollNear();
    await waitFor(() => expect(sectionGames('New games')).toBe(13));
    await waitFor(() => expect(sectionGames('BGS')).toBe(25));
    // Nothing asked again.
    expect(searchCalls()).toHaveLength(3);
  });

  it('asks each section with the query of product.md §2', async () => {
    await openHome();
    await waitFor(() => expect(searchCalls()).toHaveLength(3));
    expect(searchCalls()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ isNew: '1', pageSize: '25' }),
        expect.objectContaining({ gameType: 'RNG', vassalage: 'BGS' }),
        expect.objectContaining({ gameType: 'RNG', gameClassify: 'BG' }),
      ]),
    );
    expect(callsTo(gamesCalls.hotGames)).not.toEqual([]);
  });

  it("shows a member's favourites, without See all", async () => {
    await openHome({ member: true, favourites: () => [RNG_GAMES[3]!, RNG_GAMES[7]!] });
    await scrollDownHome();
    await waitFor(() => expect(sectionCards('Favourites')).toHaveLength(2));
    expect(within(section('Favourites')).queryByRole('link', { name: /See all/ })).toBeNull();
    expect(within(section('Favourites')).queryByRole('button', { name: /See all/ })).toBeNull();
  });

  it('drops a game from the favourites section when its heart is pressed again', async () => {
    // The server keeps game 3 as a favourite until it is removed.
    on(gamesCalls.removeFavourite, ({ body }) => ({ nodeId: body.nodeId, favourite: false }));
    const favourites = () => (callsTo(gamesCalls.removeFavourite).length > 0 ? [] : [RNG_GAMES[3]!]);
    const { user } = await openHome({ member: true, favourites });
    await scrollDownHome();
    await waitFor(() => expect(sectionCards('Favourites')).toHaveLength(1));
    const heart = within(section('Favourites')).getByRole('button', { name: 'Favourite Game 3' });
    // Pressed once the member's favourites are known; until then it waits (it would toggle the wrong way).
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Favourites' })).toBeInTheDocument());
    await waitFor(() => expect(sectionCards('Favourites')).toHaveLength(0));
  });

  it("holds a member's hearts until the favourites are known, then each says its state", async () => {
    const ids = gate();
    ids.close();
    on(gamesCalls.favouriteIds, async () => {
      await ids.wait();
      return [RNG_GAMES[0]!.nodeId];
    });
    await openHome({ member: true });
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    const heart = (name: string) =>
      within(section('Hot games')).getByRole('button', { name: `Favourite ${name}` });
    expect(heart(RNG_GAMES[0]!.gameName)).toBeDisabled();
    expect(heart(RNG_GAMES[1]!.gameName)).toBeDisabled();
    ids.open();
    await waitFor(() => expect(heart(RNG_GAMES[0]!.gameName)).toBeEnabled());
    expect(heart(RNG_GAMES[0]!.gameName)).toHaveAttribute('aria-pressed', 'true');
    expect(heart(RNG_GAMES[1]!.gameName)).toBeEnabled();
    expect(heart(RNG_GAMES[1]!.gameName)).toHaveAttribute('aria-pressed', 'false');
  });

  it('splits list sections into two rows at ceil(half); HOT stays one row', async () => {
    await openHome();
    await scrollDownHome();
    await waitFor(() => expect(sectionGames('New games')).toBe(13));
    const track = (name: string) => within(section(name)).getByRole('list', { name });
    expect(track('New games').style.getPropertyValue('--kl-carousel-columns')).toBe('7');
    // The second row starts at the eighth game, in the first column.
    const eighth = sectionCards('New games').find((card) => card.getAttribute('aria-posinset') === '8');
    expect(eighth).toHaveStyle({ gridRow: '2', gridColumn: '1' });
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    expect(track('Hot games').style.getPropertyValue('--kl-carousel-columns')).toBe('25');
    expect(carouselColumns(7, true)).toBe(4);
    expect(carouselColumns(7, false)).toBe(7);
  });

  it('offers carousel navigation only above 3 games', async () => {
    const games = [
      ...Array.from({ length: 3 }, (_, index) => createGame(index * 5)),
      ...Array.from({ length: 6 }, (_, index) =>
        createGame(100 + index, { vassalage: 'LOTUS', isNew: false }),
      ),
    ];
    await openHome({ games });
    await scrollDownHome();
    await waitFor(() => expect(sectionCards('New games')).toHaveLength(3));
    expect(within(section('New games')).queryByRole('button', { name: /Next page/ })).toBeNull();
    await waitFor(() => expect(sectionGames('Hot games')).toBe(9));
    expect(
      within(section('Hot games')).getByRole('button', { name: 'Next page of Hot games' }),
    ).toBeInTheDocument();
    expect(
      within(section('Hot games')).getByRole('button', { name: 'Previous page of Hot games' }),
    ).toBeDisabled();
  });

  it('See all opens the full list: HOT its category path, NEW_GAME its tab', async () => {
    const { user } = await openHome();
    await scrollDownHome();
    await waitFor(() => expect(sectionGames('New games')).toBe(13));
    await user.click(within(section('New games')).getByRole('button', { name: 'See all New games' }));
    expect(screen.getByTestId('category-content')).toHaveAttribute('data-category', 'NEW_GAME');
    const menu = screen.getByRole('navigation', { name: 'Game categories' });
    expect(within(menu).getByRole('button', { name: 'New games' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(within(screen.getByTestId('category-content')).getAllByTestId('game-card')).toHaveLength(13),
    );

    await user.click(within(menu).getByRole('button', { name: 'Hot games' }));
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    await user.click(within(section('Hot games')).getByRole('link', { name: 'See all Hot games' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/hot-games'));
  });
});

describe('carousel cards drawn near the screen (docs/performance.md)', () => {
  const positions = (name: string) => sectionCards(name).map((card) => card.getAttribute('aria-posinset'));

  it('draws the first columns, each card with its place in the whole list', async () => {
    await openHome();
    await scrollDownHome();
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    expect(positions('Hot games')).toEqual(['1', '2', '3', '4', '5']);
    // A hot card shows its vendor's icon at the address (and version) of the vendors' answer.
    const hot = sectionCards('Hot games')[0] as HTMLElement;
    await waitFor(() =>
      expect(hot.querySelector('.kl-game-card__vendor-logo')).toHaveAttribute('src', '/v/BGS.svg'),
    );
    await waitFor(() => expect(sectionGames('New games')).toBe(13));
    // Two rows of 7: the first five columns of each.
    expect(positions('New games')).toEqual(['1', '2', '3', '4', '5', '8', '9', '10', '11', '12']);
  });

  it('draws more as the track is scrolled: what comes on the screen and a page ahead', async () => {
    await openHome();
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    const track = within(section('Hot games')).getByRole('list', { name: 'Hot games' });
    // 25 columns of 100 pixels, 360 shown, scrolled by three columns.
    Object.defineProperties(track, {
      clientWidth: { configurable: true, value: 360 },
      scrollWidth: { configurable: true, value: 2_500 },
      scrollLeft: { configurable: true, value: 300, writable: true },
    });
    fireEvent.scroll(track);
    // 300 + 2 × 360 = 1,020 pixels: 11 columns, and one more.
    await waitFor(() => expect(sectionCards('Hot games')).toHaveLength(12));
    track.scrollLeft = 2_140;
    fireEvent.scroll(track);
    await waitFor(() => expect(sectionCards('Hot games')).toHaveLength(25));
  });

  it('draws the next card when the keyboard reaches the last one drawn, so Tab goes on along the list', async () => {
    const { user } = await openHome();
    await waitFor(() => expect(sectionGames('Hot games')).toBe(25));
    const [fifth] = sectionCards('Hot games').slice(4);
    within(fifth as HTMLElement)
      .getAllByRole('button')[0]
      ?.focus();
    await waitFor(() => expect(sectionCards('Hot games')).toHaveLength(6));
    await user.tab();
    await user.tab();
    expect(document.activeElement?.closest('li')?.getAttribute('aria-posinset')).toBe('6');
  });
});

describe('winner board (product.md §2, §9)', () => {
  it('lists recent slot wins, masked, with their amount; fishing on demand', async () => {
    const { user } = await openHome();
    const board = await screen.findByRole('region', { name: 'Winners' });
    // The board is at the end of home: nothing is asked for until it comes near the screen.
    await screen.findAllByTestId('game-card');
    expect(callsTo(gamesCalls.winnerBoard)).toEqual([]);
    expect(within(board).queryByRole('list')).toBeNull();
    scrollNear();
    const list = await within(board).findByRole('list', { name: 'Latest Slots wins' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(list).toHaveTextContent('pl***0');
    expect(list).toHaveTextContent('₫1,000,000');
    expect(callsTo(gamesCalls.winnerBoard)[0]?.query).toMatchObject({
      gameCategory: 'RNG',
      limitNum: '100',
      language: 'EN',
    });

    await user.click(within(board).getByRole('button', { name: 'Fishing' }));
    expect(await within(board).findByRole('list', { name: 'Latest Fishing wins' })).toHaveTextContent(
      'FISH win 0',
    );
  });

  it('keeps the height of its rows in view, from the one row height of the contracts', async () => {
    await openHome();
    const board = await screen.findByRole('region', { name: 'Winners' });
    // The CSS reads the row height and the rows in view from the board: it sets neither itself.
    expect(board.style.getPropertyValue('--kl-winner-row')).toBe(`${WINNER_BOARD.rowPx}px`);
    expect(board.style.getPropertyValue('--kl-winner-rows')).toBe(String(WINNER_BOARD.slidesPerView));
    expect(gamesCss).not.toMatch(/--kl-winner-rows?\s*:/);
    // Before it comes near the screen, its place keeps the rows' height.
    const placeholder = board.querySelector('[aria-hidden="true"]');
    expect(placeholder).toHaveStyle({ minHeight: `${WINNER_BOARD.slidesPerView * WINNER_BOARD.rowPx}px` });
  });

  describe('scrolling', () => {
    // The board's interval runs on fake timers: the tests move the clock instead of waiting 3 s.
    afterEach(() => {
      vi.useRealTimers();
    });

    it('moves up one row every 3 s when there are more than 5 wins, and starts over at the end', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      on(gamesCalls.winnerBoard, winsOf(7));
      await openHome();
      scrollNear();
      const list = await screen.findByRole('list', { name: 'Latest Slots wins' });
      expect(list).toHaveAttribute('data-offset', '0');
      await vi.advanceTimersByTimeAsync(3_000);
      await waitFor(() => expect(list).toHaveAttribute('data-offset', '1'));
      expect(nextWinnerOffset(1, 7)).toBe(2);
      expect(nextWinnerOffset(2, 7)).toBe(0);
    });

    it('stays still with 5 wins or fewer', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      on(gamesCalls.winnerBoard, winsOf(5));
      await openHome();
      scrollNear();
      const list = await screen.findByRole('list', { name: 'Latest Slots wins' });
      await vi.advanceTimersByTimeAsync(3_200);
      expect(list).toHaveAttribute('data-offset', '0');
    });
  });
});

describe('vendor tiles (product.md §5 launch from a vendor)', () => {
  it('launches a live vendor as a vendor click for a member', async () => {
    const { user } = await openWithGames('/m/live-games?lang=en', { member: true });
    const tiles = await screen.findByRole('list', { name: 'Live casino providers' });
    const names = within(tiles)
      .getAllByRole('button')
      .map((tile) => tile.getAttribute('aria-label'));
    expect(names).toEqual(['Open Sexy Baccarat', 'Open Evo Live']);
    await user.click(within(tiles).getByRole('button', { name: 'Open Evo Live' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/slotsCenter'));
    expect(launches()[0]).toMatchObject({
      vassalage: 'EVO',
      gameType: 'LIVE',
      from: 'vendor',
    });
  });

  it('sends a visitor to log in', async () => {
    const { user } = await openWithGames('/m/live-games?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Open Evo Live' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
    expect(launches()).toEqual([]);
  });
});

describe('recently played (game list filter)', () => {
  it("lists a member's recent games of the type, newest first, without the search box", async () => {
    const played = { lastPlayedAt: '2026-11-21T12:00:00.000Z' };
    on(gamesCalls.recentGames, {
      list: [7, 2].map((index) => ({ ...RNG_GAMES[index]!, ...played })),
      totalPages: 1,
    });
    const { user } = await openWithGames('/m/gameList?gameType=RNG&lang=en', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Recent' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('game-card').map((card) => card.textContent)).toEqual([
        'Play Game 7 Lotus Slots',
        'Play Game 2 Kim Long Games',
      ]),
    );
    expect(window.location.search).toContain('type=recent');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(callsTo(gamesCalls.recentGames)[0]?.query).toMatchObject({
      gameType: 'RNG',
      clientType: '2',
    });
  });

  it('tells a visitor to log in and keeps the filter', async () => {
    const { user } = await openWithGames('/m/gameList?gameType=RNG&lang=en');
    await user.click(await screen.findByRole('button', { name: 'Recent' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });
});
