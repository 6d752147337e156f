import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TypedApiEntry } from '@kl/contracts/api-call';
import { gamesCalls } from '@kl/contracts/games';
import { lotteryCalls } from '@kl/contracts/lottery';
import { tapInDialog } from '../../test/dialogs.ts';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { pageOf } from '../../test/fake-data.ts';
import { betOf, FAKE_GAME_ID, fakeDraw, fakeResult, lotteryGame } from './testing/fake-lottery.ts';
import { openLottery } from './testing/open-lottery.ts';

const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
const TOKEN = 't'.repeat(32);
const LOTTO = `/m/lotto-h5/kimlong/trad/games/${FAKE_GAME_ID}`;
const sent = <E extends TypedApiEntry>(entry: E) => callsTo(entry).map(({ body }) => body);
const launched = () => sent(gamesCalls.launchGame);
/** Opens the lotto page (trad unless told) and answers its bet form. */
async function openBetForm(path = `${LOTTO}?prize_mode=Elott&lang=en`) {
  const { user } = await openLottery(path);
  return { user, form: await screen.findByRole('form', { name: 'Place a bet' }) };
}

describe('lottery launch (product.md §2 /m/launchGame, §5)', () => {
  it('launches, replaces itself with the lotto page keeping pageBack, redeems the token once; close goes home', async () => {
    await openLottery(
      `/m/launchGame?playType=trad&gameId=${FAKE_GAME_ID}&prize_mode=Elott&code=${FAKE_GAME_ID}&pageBack=home&lang=en`,
    );
    expect(await screen.findByTestId('lottery-game-name')).toHaveTextContent('Siêu Tốc 1 Phút');
    expect(window.location.pathname).toBe(LOTTO);
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('token')).toBeNull());
    expect(new URLSearchParams(window.location.search).get('pageBack')).toBe('home');
    expect(launched()).toEqual([expect.objectContaining({ gameId: FAKE_GAME_ID })]);
    expect(sent(gamesCalls.redeemLaunch)).toEqual([{ token: TOKEN }]);
    expect(screen.getByTestId('lottery-close')).toHaveAttribute('href', '/m/home');
  });

  it('a used launch token is said so, and the page works from the session', async () => {
    const used = 'u'.repeat(32);
    on(gamesCalls.redeemLaunch, failure('LAUNCH_LINK_EXPIRED'));
    await openLottery(`${LOTTO}?token=${used}&prize_mode=Elott&lang=en`);
    expect(await screen.findByTestId('lottery-game-name')).toHaveTextContent('Siêu Tốc 1 Phút');
    expect(screen.getByText(/already used or has expired/)).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('token')).toBeNull());
    expect(sent(gamesCalls.redeemLaunch)).toEqual([{ token: used }]);
  });

  it('without pageBack the close button goes to the games', async () => {
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`);
    await screen.findByTestId('lottery-game-name');
    expect(screen.getByTestId('lottery-close')).toHaveAttribute('href', '/m/game');
  });
});

describe('lotto page (product.md §2 /m/lotto-h5)', () => {
  it('validates the picks and totals selections × points × price', async () => {
    const { user, form } = await openBetForm();
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
  });

  it('takes exactly 2 different numbers for a xiên 2', async () => {
    const { user, form } = await openBetForm();
    await user.click(within(form).getByRole('radio', { name: 'Xiên 2' }));
    await user.click(within(form).getByRole('button', { name: '12' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Choose exactly 2 different numbers.'),
    );
    await user.click(within(form).getByRole('button', { name: '34' }));
    expect(within(form).getByRole('button', { name: '56' })).toBeDisabled();
    expect(screen.getByTestId('lottery-selections')).toHaveTextContent('1');
  });

  it('checks typed numbers of 3 digits; a quick pick fits the rule', async () => {
    const { user, form } = await openBetForm();
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
    const bet = betOf({
      betType: 'TAI_XIU',
      selections: [['TAI']],
      points: 10,
      pricePerPoint: 1_000,
      amount: 10_000,
    });
    on(lotteryCalls.placeLotteryBet, { bet, balance: 90_000 });
    const { user, form } = await openBetForm(
      `/m/lotto-h5/kimlong/ent/games/${FAKE_GAME_ID}?prize_mode=Elott&lang=en`,
    );
    await user.click(within(form).getByRole('button', { name: 'Big (50–99)' }));
    await user.clear(within(form).getByLabelText('Points per selection'));
    await user.type(within(form).getByLabelText('Points per selection'), '10');
    await user.click(within(form).getByRole('button', { name: 'Place bet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your bet' });
    expect(dialog).toHaveTextContent(vnd(10_000));
    await tapInDialog(dialog, 'Place bet');
    expect(await screen.findByTestId('lottery-balance-after')).toHaveTextContent(vnd(90_000));
    expect(sent(lotteryCalls.placeLotteryBet)).toEqual([
      expect.objectContaining({ betType: 'TAI_XIU', selections: [['TAI']], points: 10, prizeMode: 'Elott' }),
    ]);
  });

  it('cancels an open bet from my bets', async () => {
    const bet = betOf();
    const cancelled = { ...bet, status: 'cancelled' as const, cancellable: false };
    on(lotteryCalls.placeLotteryBet, { bet, balance: 73_000 });
    on(lotteryCalls.cancelLotteryBet, { bet: cancelled, balance: 100_000 });
    // The server's bets: the one placed, cancelled once the cancel is sent.
    on(lotteryCalls.lotteryOrders, ({ query }) =>
      pageOf([callsTo(lotteryCalls.cancelLotteryBet).length > 0 ? cancelled : bet], query),
    );
    const { user, form } = await openBetForm();
    await user.click(within(form).getByRole('button', { name: '42' }));
    await user.click(within(form).getByRole('button', { name: 'Place bet' }));
    await tapInDialog(await screen.findByRole('dialog', { name: 'Confirm your bet' }), 'Place bet');
    await screen.findByTestId('lottery-balance-after');
    await user.click(screen.getByRole('tab', { name: 'My bets' }));
    const order = await screen.findByTestId('lottery-order');
    expect(within(order).getByTestId('lottery-order-status')).toHaveTextContent('Waiting for the draw');
    await user.click(within(order).getByRole('button', { name: 'Cancel bet' }));
    const dialog = await screen.findByRole('dialog');
    await tapInDialog(dialog, 'Cancel bet');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('lottery-order')).getByTestId('lottery-order-status'),
      ).toHaveTextContent('Cancelled'),
    );
    expect(sent(lotteryCalls.placeLotteryBet)).toEqual([expect.objectContaining({ selections: [['42']] })]);
    expect(sent(lotteryCalls.cancelLotteryBet)).toEqual([{ betId: bet.id }]);
  });

  it('rolls the countdown over to the next draw', async () => {
    const [first, next] = [fakeDraw('20261121-0001', 1_200), fakeDraw('20261121-0002', 61_000)];
    // The server's next draw opens when the first one closes (asked again then).
    on(lotteryCalls.lotteryGame, () =>
      lotteryGame(callsTo(lotteryCalls.lotteryGame).length > 1 ? next : first),
    );
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`);
    expect(await screen.findByTestId('lottery-issue')).toHaveTextContent('20261121-0001');
    await waitFor(() => expect(screen.getByTestId('lottery-issue')).toHaveTextContent('20261121-0002'), {
      timeout: 5_000,
    });
    expect(screen.getByTestId('lottery-countdown')).toHaveTextContent(/closes in 0[01]:\d\d/);
  });

  it('counts a draw a day or more away in days, in both languages', async () => {
    const fourDays = ((4 * 24 + 6) * 3_600 + 44 * 60 + 36) * 1_000;
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`, { draw: fakeDraw('20261125-0001', fourDays) });
    expect(await screen.findByTestId('lottery-countdown')).toHaveTextContent(/^closes in 4 days 06:44:3\d$/);
  });

  it('says "ngày" for the days in Vietnamese', async () => {
    const oneDay = (24 * 3_600 + 5 * 60) * 1_000;
    await openLottery(`${LOTTO}?prize_mode=Elott&lang=vi`, { draw: fakeDraw('20261125-0001', oneDay) });
    expect(await screen.findByTestId('lottery-countdown')).toHaveTextContent(
      /^đóng sau 1 ngày 00:0[45]:\d\d$/,
    );
  });

  it('shows results: prizes, heads, the trend and the seeds', async () => {
    const results = [fakeResult('20261121-0002', '12377'), fakeResult('20261121-0001', '55501')];
    on(lotteryCalls.lotteryResults, ({ query }) => pageOf(results, query));
    on(lotteryCalls.lotteryNumero, {
      ...{ code: 'ST1', draw: results[0]!, special: '12377' },
      numbers: Object.values(results[0]!.result).flat(),
      heads: Array.from({ length: 10 }, (_, head) => (head === 0 ? ['1'] : [])),
    });
    const { user } = await openLottery(`${LOTTO}?prize_mode=Elott&lang=en`);
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
    const { user } = await openLottery('/m/lottery?lang=en');
    await user.click(await screen.findByRole('button', { name: 'Play Siêu Tốc 1 Phút' }));
    expect(await screen.findByTestId('lottery-game-name')).toHaveTextContent('Siêu Tốc 1 Phút');
    expect(launched()).toEqual([expect.objectContaining({ gameId: FAKE_GAME_ID })]);
  });
});
