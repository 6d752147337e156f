import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { gamesCalls } from '@kl/contracts/games';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { VENDOR_STRUCTURE } from '../../test/fake-games.ts';
import { openWithGames } from '../../test/open-games.ts';

const categoryRegion = (name: string) => screen.findByRole('region', { name });
const launches = () => callsTo(gamesCalls.launchGame).map(({ body }) => body);

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
    const { user } = await openWithGames('/m/gameCenter?lang=en', { member: true });
    await user.click(await screen.findByRole('button', { name: 'Open Evo Live' }));
    await waitFor(() =>
      expect(launches()).toEqual([
        expect.objectContaining({ vassalage: 'EVO', gameType: 'LIVE', from: 'vendor' }),
      ]),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/m/slotsCenter'));
  });

  it('sends a visitor who opens a lobby to log in first', async () => {
    const { user } = await openWithGames('/m/gameCenter?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Open Sexy Baccarat' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
    expect(launches()).toEqual([]);
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
    on(gamesCalls.gameVendors, () => (fail ? failure('TOO_MANY_REQUESTS') : VENDOR_STRUCTURE));
    const { user } = await openWithGames('/m/gameCenter?lang=en');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.queryByRole('region', { name: 'Slots' })).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await categoryRegion('Slots')).toBeInTheDocument();
  });
});
