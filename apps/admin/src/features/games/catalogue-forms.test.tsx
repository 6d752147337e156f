import type { CatalogueImportReport } from '@kl/contracts/admin/catalogue';
import type { AdminGame, AdminGameVendor } from '@kl/contracts/admin/games';
import { imageUrlOf } from '@kl/contracts/images';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  failure,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const vendor: AdminGameVendor = {
  vassalage: 'LOTUS',
  gameCategory: 'RNG',
  displayName: 'Lotus Slots',
  sortOrder: 2,
  configured: true,
  providerCode: 'sandbox',
  enabled: true,
  games: 1,
  enabledGames: 1,
};

/** The id of the artwork the edit uploads. */
const ARTWORK_ID = 'b'.repeat(32);

const game: AdminGame = {
  id: 9,
  gameId: '1009',
  nodeId: '50009',
  gameName: 'Lucky Koi',
  gameType: 'RNG',
  vassalage: 'LOTUS',
  vendorName: 'Lotus Slots',
  gameClassify: 'JP',
  classes: ['JP'],
  supportPlay: false,
  enabled: true,
  vendorEnabled: true,
  hot: false,
  hotRank: null,
  isNew: false,
  isTop: false,
  sortRank: 2_100_000,
  minBet: '0.1',
  minLine: 20,
  imageId: null,
  slotMachine: null,
  iconUrl: '/api/games/art/1009.webp?v=1',
};

/** The games screen's reads, and the calls of its forms as the test says. */
function catalogueRoutes(extra: ReturnType<typeof on>[] = [], listed: AdminGame[] = [game]) {
  const providers = { list: [{ code: 'sandbox', name: 'Sandbox', enabled: true }] };
  const games = { list: listed, pageNo: 1, pageSize: 20, total: listed.length };
  return [
    on(adminCalls.adminGameProviders, () => answer(adminCalls.adminGameProviders, providers)),
    on(adminCalls.adminGames, () => answer(adminCalls.adminGames, games)),
    on(adminCalls.adminGameVendors, () => answer(adminCalls.adminGameVendors, { list: [vendor] })),
    on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('content'))),
    ...extra,
  ];
}

const english = { [LANGUAGE_STORAGE_KEY]: 'en' };

/** Picks an option of a Select of the dialog (the screen's filters have selects of the same names). */
async function choose(user: UserEvent, dialog: HTMLElement, name: string, option: string) {
  await user.click(within(dialog).getByRole('combobox', { name }));
  const items = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  const item = items.at(-1);
  if (!item) throw new Error(`No option ${option}`);
  await user.click(item);
}

describe('setting the catalogue up', () => {
  it('adds a vendor with its provider, and shows a refusal in the form', async () => {
    let refuse = true;
    const { user, api } = await renderAdmin('/games', {
      routes: catalogueRoutes([
        on(adminCalls.adminCreateGameVendor, (request) => {
          if (refuse) return failure('GAME_VENDOR_EXISTS');
          const body = bodyOf(adminCalls.adminCreateGameVendor, request);
          return answer(adminCalls.adminCreateGameVendor, {
            ...vendor,
            ...body,
            enabled: true,
            games: 0,
            enabledGames: 0,
          });
        }),
      ]),
      storage: english,
    });
    await findHeading('Games');
    await user.click(screen.getByRole('button', { name: 'Add vendor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vendor' });
    await user.type(within(dialog).getByLabelText('Vendor code'), 'jd');
    await choose(user, dialog, 'Category', 'Fishing');
    await user.type(within(dialog).getByLabelText('Name on the site'), 'Jade');
    await choose(user, dialog, 'Game provider', 'Sandbox (sandbox)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This vendor is already in that category')).toBeVisible();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminCreateGameVendor)).toHaveLength(2));
    expect(api.requestsOf(adminCalls.adminCreateGameVendor)[1]?.json).toEqual({
      vassalage: 'JD',
      gameCategory: 'FISH',
      displayName: 'Jade',
      sortOrder: 0,
      providerCode: 'sandbox',
      enabled: true,
    });
    expect(await screen.findByText('Jade saved')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add vendor' })).toBeNull());
  });

  it('adds a game to a vendor, and edits one: only what the form holds, its position kept', async () => {
    const { user, api } = await renderAdmin('/games', {
      routes: catalogueRoutes([
        on(adminCalls.adminCreateGame, (request) => {
          const body = bodyOf(adminCalls.adminCreateGame, request);
          return answer(adminCalls.adminCreateGame, {
            ...game,
            id: 10,
            gameId: body.gameId,
            gameName: body.gameName,
          });
        }),
        on(adminCalls.adminUpdateGame, (request) => {
          const body = bodyOf(adminCalls.adminUpdateGame, request);
          return answer(adminCalls.adminUpdateGame, { ...game, gameName: body.gameName ?? game.gameName });
        }),
        on(adminCalls.adminUploadImage, () =>
          answer(adminCalls.adminUploadImage, {
            id: ARTWORK_ID,
            url: imageUrlOf(ARTWORK_ID),
            width: 320,
            height: 320,
          }),
        ),
      ]),
      storage: english,
    });
    await findHeading('Games');
    await user.click(screen.getByRole('button', { name: 'Add game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add game' });
    await choose(user, dialog, 'Vendor', 'Lotus Slots (Slots)');
    await user.type(within(dialog).getByLabelText('Game id at the provider'), '77');
    await user.type(within(dialog).getByLabelText('Game name'), 'Ruby');
    await choose(user, dialog, 'Classes', 'Scatter (SC)');
    await user.click(within(dialog).getByRole('switch', { name: 'Hot' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminCreateGame)).toHaveLength(1));
    expect(api.requestsOf(adminCalls.adminCreateGame)[0]?.json).toEqual({
      vassalage: 'LOTUS',
      gameType: 'RNG',
      gameId: '77',
      gameName: 'Ruby',
      classes: ['SC'],
      minBet: '0.1',
      minLine: 1,
      hot: true,
      isNew: false,
      isTop: false,
      supportPlay: false,
      enabled: true,
      imageId: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add game' })).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Edit Lucky Koi' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Lucky Koi' });
    expect(within(edit).getByLabelText('Game id at the provider')).toBeDisabled();
    await user.type(within(edit).getByLabelText('Game name'), ' 2');
    expect(within(edit).getByText('No picture uploaded yet')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'koi.png', { type: 'image/png' });
    await user.upload(within(edit).getByLabelText('Choose a file: Game artwork'), file);
    expect(await within(edit).findByRole('img', { name: 'Game artwork: the picture now' })).toHaveAttribute(
      'src',
      imageUrlOf(ARTWORK_ID),
    );
    expect(api.requestsOf(adminCalls.adminUploadImage)[0]?.url.searchParams.get('place')).toBe('game_art');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdateGame)).toHaveLength(1));
    expect(api.requestsOf(adminCalls.adminUpdateGame)[0]).toMatchObject({
      params: { id: '9' },
      json: {
        gameName: 'Lucky Koi 2',
        classes: ['JP'],
        minLine: 20,
        sortRank: 2_100_000,
        enabled: true,
        imageId: ARTWORK_ID,
      },
    });
    // A game that opens no studio machine has no machine to choose.
    expect(api.requestsOf(adminCalls.adminUpdateGame)[0]?.json).not.toHaveProperty('slotMachine');
  });

  it('gives an in-house slot title another studio machine, named with its return and volatility', async () => {
    const title: AdminGame = {
      ...game,
      id: 12,
      gameName: 'Rồng Vàng 2',
      vassalage: 'BGS',
      vendorName: 'Kim Long Games',
      slotMachine: 'lucky-sevens',
    };
    const { user, api } = await renderAdmin('/games', {
      routes: catalogueRoutes(
        [
          on(adminCalls.adminUpdateGame, (request) =>
            answer(adminCalls.adminUpdateGame, { ...title, ...bodyOf(adminCalls.adminUpdateGame, request) }),
          ),
        ],
        [title],
      ),
      storage: english,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Rồng Vàng 2' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Rồng Vàng 2' });
    expect(within(edit).getByText('Bảy May Mắn — RTP 96%, low volatility')).toBeInTheDocument();
    await choose(user, edit, 'Slot machine', 'Thuyền Kho Báu — RTP 96%, medium volatility');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminUpdateGame)).toHaveLength(1));
    expect(api.requestsOf(adminCalls.adminUpdateGame)[0]).toMatchObject({
      params: { id: '12' },
      json: { slotMachine: 'treasure-ship' },
    });
  });

  it('checks a CSV file and lists the refused lines with their reasons, then imports it', async () => {
    const report = (dryRun: boolean): CatalogueImportReport => ({
      dryRun,
      rows: 2,
      created: 1,
      updated: 0,
      unchanged: 0,
      refusedRows: 1,
      refused: [{ line: 3, column: 'vendor', reason: 'vendor_unknown', value: 'NOSUCH' }],
    });
    const { user, api } = await renderAdmin('/games', {
      routes: catalogueRoutes([
        on(adminCalls.adminImportGames, (request) =>
          answer(adminCalls.adminImportGames, report(bodyOf(adminCalls.adminImportGames, request).dryRun)),
        ),
      ]),
      storage: english,
    });
    await findHeading('Games');
    await user.click(screen.getByRole('tab', { name: 'Import CSV' }));
    const text =
      'vendor,category,gameId,name,classification,minBet,enabled\nLOTUS,RNG,77002,Pearl,,0.1,yes\nNOSUCH,RNG,77003,Ghost,,0.1,yes\n';
    const check = screen.getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();
    await user.upload(
      screen.getByLabelText('Catalogue file (CSV)'),
      new File([text], 'games.csv', { type: 'text/csv' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const refused = await screen.findByRole('table', { name: 'Refused lines' });
    expect(api.requestsOf(adminCalls.adminImportGames)[0]?.json).toEqual({ csv: text, dryRun: true });
    const row = within(refused).getByRole('row', { name: /No such vendor in this category/ });
    expect(within(row).getByText('3')).toBeVisible();
    expect(within(row).getByText('NOSUCH')).toBeVisible();
    expect(screen.getByText('Checked, nothing written')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported: 1 added, 0 changed')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminImportGames)[1]?.json).toEqual({ csv: text, dryRun: false });
  });
});
