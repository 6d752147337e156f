import type { OperatorRole } from '@kl/contracts/admin/access';
import type { AdminLottery, AdminLotteryOdds } from '@kl/contracts/admin/lotteries';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  chooseOption,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const fast: AdminLottery = {
  code: 'ST1',
  name: 'Siêu Tốc 1 Phút',
  region: 'MB',
  category: 'ELOTT',
  playTypes: ['ent', 'trad'],
  schedule: { kind: 'interval', intervalSeconds: 60 },
  closeSeconds: 10,
  maxPerDraw: 200_000_000,
  sortOrder: 4,
  enabled: true,
  catalogueGames: [{ gameId: '1002', name: 'Siêu Tốc 1 Phút', vassalage: 'TCG', enabled: true }],
  pendingDraws: 10,
  openBets: 3,
  nextDrawAt: '2030-03-01T08:01:00.000Z',
};

const lo2: AdminLotteryOdds = {
  prizeMode: 'Lott',
  betType: 'LO2',
  region: 'MB',
  pick: '*',
  pricePerPoint: 27_000,
  payoutPerPoint: 95_000,
  maxPerNumber: 135_000_000,
  pending: null,
};

/** The server's side: the session, the lotteries and odds, and the writes echoed back. */
function server(role: OperatorRole, lotteries: AdminLottery[] = [fast]) {
  const saved = (body: Partial<AdminLottery>, current: AdminLottery): AdminLottery => ({
    ...current,
    ...body,
  });
  return [
    on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role))),
    on(adminCalls.adminLotteries, () =>
      answer(adminCalls.adminLotteries, { list: lotteries, hasOdds: true }),
    ),
    on(adminCalls.adminLotteryOdds, () => answer(adminCalls.adminLotteryOdds, { list: [lo2] })),
    on(adminCalls.adminCreateLottery, (request) => {
      const body = bodyOf(adminCalls.adminCreateLottery, request);
      const lottery = saved(
        {
          ...body,
          schedule: body.schedule,
          catalogueGames: [],
          pendingDraws: 0,
          openBets: 0,
          nextDrawAt: null,
        },
        fast,
      );
      lotteries.push(lottery);
      return answer(adminCalls.adminCreateLottery, { lottery, standardOddsWritten: false });
    }),
    on(adminCalls.adminUpdateLottery, (request) =>
      answer(adminCalls.adminUpdateLottery, saved(bodyOf(adminCalls.adminUpdateLottery, request), fast)),
    ),
    on(adminCalls.adminSetLotteryEnabled, (request) =>
      answer(
        adminCalls.adminSetLotteryEnabled,
        saved(bodyOf(adminCalls.adminSetLotteryEnabled, request), fast),
      ),
    ),
    on(adminCalls.adminChangeLotteryOdds, () =>
      answer(adminCalls.adminChangeLotteryOdds, { applied: false, odds: lo2, request: null }),
    ),
  ];
}

const english = { [LANGUAGE_STORAGE_KEY]: 'en' };

/** The dialog's field by its label, typed into in one go (a paste). */
async function fill(
  user: Awaited<ReturnType<typeof renderAdmin>>['user'],
  dialog: HTMLElement,
  label: string,
  text: string,
) {
  const field = within(dialog).getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('the lotteries screen', () => {
  it('adds a northern daily lottery through its labelled fields, its stations by weekday', async () => {
    const { user, api } = await renderAdmin('/lotteries', { routes: server('owner'), storage: english });
    await findHeading('Lotteries');
    const table = await screen.findByRole('table', { name: 'Lotteries' });
    expect(await within(table).findByText('Every 60 s')).toBeVisible();
    expect(within(table).getByText('10 draws made, 3 open bets')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'New lottery' }));
    const dialog = await screen.findByRole('dialog', { name: 'New lottery' });
    await fill(user, dialog, 'Code', 'MBX');
    await fill(user, dialog, 'Name', 'Miền Bắc Tối');
    await fill(user, dialog, 'Draw time (Vietnam time)', '19:30');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sunday' }));
    // The north names the station of each day it draws.
    await waitFor(() => expect(within(dialog).queryByLabelText('Station on Sunday')).toBeNull());
    await fill(user, dialog, 'Station on Monday', 'Hà Nội');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Lottery Miền Bắc Tối added')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminCreateLottery).map((request) => request.json)).toEqual([
      {
        code: 'MBX',
        name: 'Miền Bắc Tối',
        region: 'MB',
        category: 'LOTT',
        playTypes: ['trad'],
        schedule: {
          kind: 'daily',
          weekdays: [1, 2, 3, 4, 5, 6],
          drawTime: '19:30',
          stations: { 1: 'Hà Nội' },
        },
        closeSeconds: 900,
        maxPerDraw: 500_000_000,
        sortOrder: 5,
        enabled: true,
      },
    ]);
  });

  it('checks a fast lottery’s schedule as the server does before sending', async () => {
    const { user, api } = await renderAdmin('/lotteries', { routes: server('owner'), storage: english });
    await user.click(await screen.findByRole('button', { name: 'New lottery' }));
    const dialog = await screen.findByRole('dialog', { name: 'New lottery' });
    await fill(user, dialog, 'Code', 'ST2');
    await fill(user, dialog, 'Name', 'Siêu Tốc 2 Phút');
    await chooseOption(user, 'Kind', 'Fast (ELOTT)');
    // The schedule of a fast lottery is its seconds between draws.
    await waitFor(() => expect(within(dialog).queryByLabelText('Draw time (Vietnam time)')).toBeNull());
    await fill(user, dialog, 'Seconds between draws', '7000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The seconds between draws must divide a day (86,400 seconds)'),
    ).toBeVisible();
    expect(api.requestsOf(adminCalls.adminCreateLottery)).toHaveLength(0);
    await fill(user, dialog, 'Seconds between draws', '120');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Lottery Siêu Tốc 2 Phút added')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminCreateLottery)[0]?.json).toMatchObject({
      category: 'ELOTT',
      playTypes: ['ent', 'trad'],
      schedule: { kind: 'interval', intervalSeconds: 120 },
      closeSeconds: 10,
      maxPerDraw: 200_000_000,
    });
  });

  it('edits a lottery without its code, region and kind, and switches it off after saying what happens', async () => {
    const { user, api } = await renderAdmin('/lotteries', { routes: server('owner'), storage: english });
    await user.click(await screen.findByRole('button', { name: 'Edit lottery Siêu Tốc 1 Phút' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change lottery Siêu Tốc 1 Phút' });
    expect(within(dialog).getByLabelText('Code')).toBeDisabled();
    await fill(user, dialog, 'Most a member stakes on one draw (đồng)', '100000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Lottery Siêu Tốc 1 Phút saved')).toBeVisible();
    expect(
      api.requestsOf(adminCalls.adminUpdateLottery).map((request) => [request.params, request.json]),
    ).toEqual([
      [
        { code: 'ST1' },
        {
          name: 'Siêu Tốc 1 Phút',
          playTypes: ['ent', 'trad'],
          schedule: { kind: 'interval', intervalSeconds: 60 },
          closeSeconds: 10,
          maxPerDraw: 100_000_000,
          sortOrder: 4,
          enabled: true,
        },
      ],
    ]);

    await user.click(screen.getByRole('switch', { name: 'Lottery Siêu Tốc 1 Phút on' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent(
      'Its 10 draws already made are still drawn at their time and their 3 open bets settled.',
    );
    expect(api.requestsOf(adminCalls.adminSetLotteryEnabled)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('Lottery Siêu Tốc 1 Phút switched off')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSetLotteryEnabled).map((request) => request.json)).toEqual([
      { enabled: false },
    ]);
  });

  it('asks a second owner for odds that pay more, with why', async () => {
    const { user, api } = await renderAdmin('/lotteries', { routes: server('owner'), storage: english });
    await user.click(await screen.findByRole('tab', { name: 'Odds' }));
    const table = await screen.findByRole('table', { name: 'Odds of prize mode Lott' });
    expect(await within(table).findByText('₫95,000')).toBeVisible();
    await user.click(
      within(table).getByRole('button', { name: 'Edit odds Lott · Lô, 2 digits · North (MB)' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Change odds Lott · Lô, 2 digits · North (MB)',
    });
    await fill(user, dialog, 'Payout per point (đồng)', '99000');
    expect(
      await within(dialog).findByText(
        "This pays more, costs less or takes more: it waits for another owner's approval.",
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Ask for approval' }));
    expect(await within(dialog).findByText('Please say why')).toBeVisible();
    await fill(user, dialog, 'Why', 'Promotion week');
    await user.click(within(dialog).getByRole('button', { name: 'Ask for approval' }));
    expect(await screen.findByText("The change waits for another owner's approval")).toBeVisible();
    expect(api.requestsOf(adminCalls.adminChangeLotteryOdds).map((request) => request.json)).toEqual([
      {
        prizeMode: 'Lott',
        betType: 'LO2',
        region: 'MB',
        pick: '*',
        pricePerPoint: 27_000,
        payoutPerPoint: 99_000,
        maxPerNumber: 135_000_000,
        note: 'Promotion week',
      },
    ]);
  });

  it('shows finance the lotteries and the odds without what changes them', async () => {
    const { user } = await renderAdmin('/lotteries', { routes: server('finance'), storage: english });
    await findHeading('Lotteries');
    expect(await screen.findByRole('switch', { name: 'Lottery Siêu Tốc 1 Phút on' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'New lottery' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit lottery Siêu Tốc 1 Phút' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Odds' }));
    const table = await screen.findByRole('table', { name: 'Odds of prize mode Lott' });
    expect(await within(table).findByText('₫135,000,000')).toBeVisible();
    expect(within(table).queryByRole('button', { name: /^Edit odds/ })).toBeNull();
  });
});
