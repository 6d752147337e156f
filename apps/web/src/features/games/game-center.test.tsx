import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gamesCalls } from '@kl/contracts/games';
import { failure, isCall } from '../../test/fake-api.ts';
import { serveAlsoNext } from '../../test/fake-server.ts';
import { openWithGames } from '../../test/open-games.ts';

const categoryRegion = (name: string) => screen.findByRole('region', { name });

describe('game centre (/m/gameCenter)', () => {
  it('lists the categories of the category menu in its order, with their vendors as tiles', async () => {
    await openWithGames('/m/gameCenter?lang=en');
    const page = document.querySelector('[data-page="gameCenter"]') as HTMLElement;
    await within(page).findByRole('region', { name: 'Slots' });
    // The vendor structure has RNG, FISH and LIVE: the other game types are left out, as in the menu.
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'All',
      'Hot games',
      'Favourites',
      'New games',
      'BGS',
      'BG',
      'Slots',
      'Fishing',
      'Live casino',
    ]);
    const slots = within(await categoryRegion('Slots')).getByRole('list', { name: 'Slots providers' });
    expect(within(slots).getByRole('link', { name: 'Open Kim Long Games' })).toHaveAttribute(
      'href',
      '/m/gameList?gameType=RNG&vassalage=BGS',
    );
    const live = within(await categoryRegion('Live casino')).getByRole('list', {
      name: 'Live casino providers',
    });
    expect(
      within(live)
        .getAllByRole('button')
        .map((tile) => tile.getAttribute('aria-label')),
    ).toEqual(['Open Sexy Baccarat', 'Open Evo Live']);
  });

  it('launches a lobby for a member as the home screen does', async () => {
    const { user, games } = await openWithGames('/m/gameCenter?lang=en', { member: true });
    const launches = () =>
      games.state.calls.filter((call) => call.path === '/api/games/launch').map((call) => call.body);
    await user.click(await screen.findByRole('button', { name: 'Open Evo Live' }));
    await waitFor(() =>
      expect(launches()).toEqual([
        expect.objectContaining({ vassalage: 'EVO', gameType: 'LIVE', from: 'vendor' }),
      ]),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/m/slotsCenter'));
  });

  it('sends a visitor who opens a lobby to log in first', async () => {
    const { user, games } = await openWithGames('/m/gameCenter?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Open Sexy Baccarat' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
    expect(games.state.calls.map((call) => call.path)).not.toContain('/api/games/launch');
  });

  it("opens a category's games: a slot vendor's list, or the game entry with the category chosen", async () => {
    const { user } = await openWithGames('/m/gameCenter?lang=en');
    await user.click(await screen.findByRole('link', { name: 'Open Lotus Slots' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/gameList'));
    expect(window.location.search).toBe('?gameType=RNG&vassalage=LOTUS');

    window.history.back();
    await user.click(await screen.findByRole('link', { name: 'See all New games' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/game'));
    const menu = await screen.findByRole('navigation', { name: 'Game categories' });
    expect(within(menu).getByRole('button', { name: 'New games' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps a visitor here when favourites are chosen', async () => {
    const { user } = await openWithGames('/m/gameCenter?lang=en');
    await user.click(await screen.findByRole('link', { name: 'See all Favourites' }));
    expect(await screen.findByText('Please log in first')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/m/gameCenter');
  });

  it('says so when the vendors cannot be loaded, and tries again', async () => {
    let fail = true;
    serveAlsoNext((url, init) =>
      fail && isCall(gamesCalls.gameVendors, url, init) ? failure('TOO_MANY_REQUESTS') : undefined,
    );
    const { user } = await openWithGames('/m/gameCenter?lang=en');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('region', { name: 'Slots' })).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await categoryRegion('Slots')).toBeInTheDocument();
  });
});
