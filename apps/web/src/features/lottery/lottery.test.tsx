import { PointerEventsCheckLevel, userEvent } from '@testing-library/user-event';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAKE_GAME_ID, fakeDraw, fakeResult } from './testing/fake-lottery.ts';
import { openLottery } from './testing/open-lottery.ts';

const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
const TOKEN = 't'.repeat(32);
const LOTTO = `/m/lotto-h5/kimlong/trad/games/${FAKE_GAME_ID}`;
const tap = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('lottery launch (product.md §2 /m/launchGame, §5)', () => {
  it('launches, replaces itself with the lotto page keeping pageBack, redeems the token once; close goes home', async () => {
    const { lottery } = await openLottery(
      `/m/launchGame?playType=trad&gameId=${FAKE_GAME_ID}&prize_mode=Elott&code=${FAKE_GAME_ID}&pageBack=home&lang=en`,
      { tokens: [TOKEN] },
    );
    expect(await screen.findByTestId('lottery-game-name')).toHaveTextContent('Siêu Tốc 1 Phút');
    expect(window.location.pathname).toBe(LOTTO);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('token')).toBeNull());
    expect(new URLSearchParams(window.location.search).get('pageBack')).toBe('home');
    expect(lottery.state.launchCalls).toEqual([expect.objectContaining({ gameId: FAKE_GAME_ID })]);
    expect(lottery.state.redeemed).toEqual([TOKEN]);
    expect(screen.getByTestId('lottery-close')).toHaveAttribute('href', '/m/home');
  });

  it('a used launch token is said so, and the page works from the session', async () => {
    const used = 'u'.repeat(32);
    const { lottery } = await openLottery(`${LOTTO}?token=${used}&prize_mode=Elott&lang=en`);
    expect(await screen.findByTestId('lottery-game-name')).toHaveTextContent('Siêu Tốc 1 Phút');
    expect(screen.getByText(/already used or has expired/)).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('token')).toBeNull());
    expect(lottery.state.redeemed).toEqual([used]);
  });

  it('without pageBack the close button goes to the games', async () => {
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`);
    await screen.findByTestId('lottery-game-name');
    expect(screen.getByTestId('lottery-close')).toHaveAttribute('href', '/m/game');
  });
});

describe('lotto page (product.md §2 /m/lotto-h5)', () => {
  it('validates the picks and totals selections × points × price', async () => {
    const { user } = await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`);
    const form = await screen.findByRole('form', { name: 'Place a bet' });
    // Only the traditional bet types.
    expect(within(form).queryByRole('radio', { name: 'Big / Small' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Place bet' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one selection.'),
    );

    for (const number of ['07', '21', '99'])
      await user.click(within(form).getByRole('button', { name: number }));
    await user.clear(within(form).getByLabelText('Points per selection'));
    await user.type(within(form).getByLabelText('Points per selection'), '2');
    expect(screen.getByTestId('lottery-selections')).toHaveTextContent('3');
    expect(screen.getByTestId('lottery-total')).toHaveTextContent(vnd(3 * 2 * 27_000));
    expect(screen.getByTestId('lottery-win')).toHaveTextContent(vnd(2 * 95_000));

    await user.click(within(form).getByRole('radio', { name: 'Xiên 2' }));
    await user.click(within(form).getByRole('button', { name: '12' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Choose exactly 2 different numbers.'),
    );
    await user.click(within(form).getByRole('button', { name: '34' }));
    expect(within(form).getByRole('button', { name: '56' })).toBeDisabled();
    expect(screen.getByTestId('lottery-selections')).toHaveTextContent('1');

    await user.click(within(form).getByRole('radio', { name: 'Lô 3 digits' }));
    await user.type(within(form).getByLabelText(/Numbers of 3 digits/), '123 45');
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Each number must have exactly 3 digits.'),
    );
    await user.click(within(form).getByRole('button', { name: 'Quick pick' }));
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('lottery-selections')).toHaveTextContent('1');
  });

  it('places after confirming: exactly one request, the balance after is shown', async () => {
    const { user, lottery } = await openLottery(
      `/m/lotto-h5/kimlong/ent/games/${FAKE_GAME_ID}?prize_mode=Elott&lang=en`,
      {
        balance: 100_000,
      },
    );
    const form = await screen.findByRole('form', { name: 'Place a bet' });
    await user.click(within(form).getByRole('button', { name: 'Big (50–99)' }));
    await user.clear(within(form).getByLabelText('Points per selection'));
    await user.type(within(form).getByLabelText('Points per selection'), '10');
    await user.click(within(form).getByRole('button', { name: 'Place bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your bet' });
    expect(dialog).toHaveTextContent(vnd(10_000));
    await tap().click(within(dialog).getByRole('button', { name: 'Place bet' }));
    expect(await screen.findByTestId('lottery-balance-after')).toHaveTextContent(vnd(90_000));
    expect(lottery.state.placeCalls).toEqual([
      expect.objectContaining({ betType: 'TAI_XIU', selections: [['TAI']], points: 10, prizeMode: 'Elott' }),
    ]);
  });

  it('cancels an open bet from my bets', async () => {
    const { user, lottery } = await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`, { balance: 100_000 });
    const form = await screen.findByRole('form', { name: 'Place a bet' });
    await user.click(within(form).getByRole('button', { name: '42' }));
    await user.click(within(form).getByRole('button', { name: 'Place bet' }));
    await tap().click(
      within(await screen.findByRole('dialog', { name: 'Confirm your bet' })).getByRole('button', {
        name: 'Place bet',
      }),
    );
    await screen.findByTestId('lottery-balance-after');
    await user.click(screen.getByRole('tab', { name: 'My bets' }));
    const order = await screen.findByTestId('lottery-order');
    expect(within(order).getByTestId('lottery-order-status')).toHaveTextContent('Waiting for the draw');
    await user.click(within(order).getByRole('button', { name: 'Cancel bet' }));
    const dialog = await screen.findByRole('dialog');
    await tap().click(within(dialog).getByRole('button', { name: 'Cancel bet' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('lottery-order')).getByTestId('lottery-order-status'),
      ).toHaveTextContent('Cancelled'),
    );
    expect(lottery.state.cancelCalls).toHaveLength(1);
    expect(lottery.state.balance).toBe(100_000);
  });

  it('rolls the countdown over to the next draw', async () => {
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`, {
      draws: [fakeDraw('20261121-0001', 1_200), fakeDraw('20261121-0002', 61_000)],
    });
    expect(await screen.findByTestId('lottery-issue')).toHaveTextContent('20261121-0001');
    await waitFor(() => expect(screen.getByTestId('lottery-issue')).toHaveTextContent('20261121-0002'), {
      timeout: 5_000,
    });
    expect(screen.getByTestId('lottery-countdown')).toHaveTextContent(/closes in 0[01]:\d\d/);
  });

  it('counts a draw a day or more away in days, in both languages', async () => {
    const fourDays = ((4 * 24 + 6) * 3_600 + 44 * 60 + 36) * 1_000;
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`, { draws: [fakeDraw('20261125-0001', fourDays)] });
    expect(await screen.findByTestId('lottery-countdown')).toHaveTextContent(/^closes in 4 days 06:44:3\d$/);
  });

  it('says "ngày" for the days in Vietnamese', async () => {
    const oneDay = (24 * 3_600 + 5 * 60) * 1_000;
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=vi`, { draws: [fakeDraw('20261125-0001', oneDay)] });
    expect(await screen.findByTestId('lottery-countdown')).toHaveTextContent(
      /^đóng sau 1 ngày 00:0[45]:\d\d$/,
    );
  });

  it('shows results: prizes, heads, the trend and the seeds', async () => {
    const { user } = await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`, {
      results: [fakeResult('20261121-0002', '12377'), fakeResult('20261121-0001', '55501')],
    });
    await screen.findByTestId('lottery-game-name');
    await user.click(screen.getByRole('tab', { name: 'Results' }));
    expect(await screen.findByTestId('lottery-prize-DB')).toHaveTextContent('12377');
    expect(screen.getByRole('img', { name: /2 draws: 1 big, 1 small/ })).toBeInTheDocument();
    expect(screen.getAllByTestId('lottery-draw')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getAllByTestId('lottery-seed-check').map((item) => item.textContent)).toEqual([
        'SHA-256(seed) matches the published hash.',
        'SHA-256(seed) matches the published hash.',
      ]),
    );
  });
});

describe('lottery list (product.md §2 /m/lottery)', () => {
  it('lists the fast draws counting down; a visitor is sent to log in', async () => {
    const { user } = await openLottery('/m/lottery?lang=en', { visitor: true });
    const game = await screen.findByTestId('lottery-game');
    expect(within(game).getByTestId('lottery-countdown')).toHaveTextContent(/closes in 00:4\d/);
    await user.click(within(game).getByRole('button', { name: 'Play Siêu Tốc 1 Phút' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
  });

  it('a member opens one through the launch flow', async () => {
    const { user, lottery } = await openLottery('/m/lottery?lang=en', { tokens: [TOKEN] });
    await user.click(await screen.findByRole('button', { name: 'Play Siêu Tốc 1 Phút' }));
    expect(await screen.findByTestId('lottery-game-name')).toHaveTextContent('Siêu Tốc 1 Phút');
    expect(lottery.state.launchCalls).toEqual([expect.objectContaining({ gameId: FAKE_GAME_ID })]);
  });
});
