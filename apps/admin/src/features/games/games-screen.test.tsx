import type { AdminGame, AdminGameVendor } from '@kl/contracts/admin/games';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
} from '../../test/kit.ts';

const vendor: AdminGameVendor = {
  vassalage: 'BGS',
  gameCategory: 'RNG',
  displayName: 'BG Slots',
  sortOrder: 1,
  configured: true,
  providerCode: null,
  enabled: true,
  games: 1,
  enabledGames: 1,
};

const game: AdminGame = {
  id: 7,
  gameId: '100007',
  nodeId: '500007',
  gameName: 'Golden Dragon',
  gameType: 'RNG',
  vassalage: 'BGS',
  vendorName: 'BG Slots',
  gameClassify: 'JP',
  classes: ['JP'],
  supportPlay: false,
  enabled: true,
  vendorEnabled: true,
  hot: false,
  hotRank: null,
  isNew: false,
  isTop: false,
  sortRank: 10,
  minBet: '0.1',
  minLine: 1,
  imageId: null,
  slotMachine: 'golden-dragon',
  iconUrl: '/api/games/art/100007.webp?v=1',
};

describe('the games screen', () => {
  it('takes a game off in place, its switches disabled until the answer is in', async () => {
    let finish: () => void = () => {};
    const { user, api } = await renderAdmin('/games', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('content'))),
        on(adminCalls.adminGameVendors, () => answer(adminCalls.adminGameVendors, { list: [vendor] })),
        on(adminCalls.adminGames, () =>
          answer(adminCalls.adminGames, { list: [game], pageNo: 1, pageSize: 20, total: 1 }),
        ),
        on(adminCalls.adminUpdateGame, async (request) => {
          const change = bodyOf(adminCalls.adminUpdateGame, request);
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          Object.assign(game, change);
          return answer(adminCalls.adminUpdateGame, game);
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Games');
    const shown = await screen.findByRole('switch', { name: 'Show Golden Dragon' });
    expect(shown).toBeChecked();

    await user.click(shown);
    await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdateGame)).toHaveLength(1));
    expect(screen.getByRole('switch', { name: 'Show Golden Dragon' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Golden Dragon is hot' })).toBeDisabled();
    finish();

    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show Golden Dragon' })).toBeEnabled());
    expect(screen.getByRole('switch', { name: 'Show Golden Dragon' })).not.toBeChecked();
    expect(api.requestsOf(adminCalls.adminUpdateGame)[0]).toMatchObject({
      params: { id: '7' },
      json: { enabled: false },
    });
    expect(await screen.findByText('Golden Dragon saved')).toBeVisible();
  });
});
