import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import {
  sandboxProviderCalls as calls,
  type SandboxTableBet,
  type SandboxTableGame,
  type SandboxTableState,
} from '@kl/contracts/sandbox-provider';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSessionOnce } from './lib/launch.ts';
import { TABLE_TIMING } from './lib/timing.ts';
import { PROVIDER_SESSION, revealedOf, tableOf, tableRoundOf } from './testing/fake-provider.ts';
import { openProvider } from './testing/open-provider.ts';
import { callsTo, failure, networkFailure, on } from '../../test/fake-api.ts';
import { withFakeClock } from '../../test/fake-clock.ts';
import { vnd } from '../../test/money.ts';

// The table is polled and its countdown redrawn on timers: the tests move a fake clock on.
withFakeClock();

const balance = () => screen.getByTestId('provider-balance');
const launch = (kind: string, token: string, lobby = '/m/live-games') =>
  `/m/provider/${kind}?token=${token}&lang=en&lobby=${encodeURIComponent(lobby)}`;
/** Moves the fake clock on by one poll of the table (and lets its answer arrive). */
const nextPoll = () => vi.advanceTimersByTimeAsync(TABLE_TIMING.pollMs);

/** A baccarat deal the banker wins 7 to 5: player 2♥ 3♣ then K♠ (a third card), banker 4♦ 3♠ (stands). */
const BANKER_WINS = {
  player: [
    { rank: 2, suit: 'hearts' },
    { rank: 3, suit: 'clubs' },
    { rank: 13, suit: 'spades' },
  ],
  banker: [
    { rank: 4, suit: 'diamonds' },
    { rank: 3, suit: 'spades' },
  ],
  playerTotal: 5,
  bankerTotal: 7,
  winner: 'banker',
  playerPair: false,
  bankerPair: false,
};
/** The tokens the session was opened with. */
const opened = () => callsTo(calls.sandboxProviderOpenSession).map(({ body }) => body.token);

/** The provider closes the round of the table of `game` with `outcome`: the next poll shows it. */
function reveal(game: SandboxTableGame, outcome: unknown, more: Partial<SandboxTableState> = {}) {
  const revealed = revealedOf(tableRoundOf(game, Date.now()), outcome);
  on(calls.sandboxProviderTable, () => tableOf(game, revealed, { results: [revealed], ...more }));
}

describe('provider game client (/m/provider/:kind, docs/decisions/026-sandbox-provider.md)', () => {
  it('opens the session once with the launch token, shows the game and balance, and a reload keeps playing', async () => {
    const { unmount } = await openProvider({ path: launch('baccarat', 'token-once'), balance: 250_000 });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(250_000)));
    expect(screen.getByRole('heading', { name: 'Baccarat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/m/live-games');
    await screen.findByRole('button', { name: 'Banker' });
    expect(opened()).toEqual(['token-once']);

    // A reload of the tab: the token is not spent again, the balance is asked of the wallet.
    unmount();
    on(calls.sandboxProviderBalance, { currency: 'VND', balance: 240_000 });
    await openProvider({ path: launch('baccarat', 'token-once'), freshTab: false });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(240_000)));
    expect(opened()).toEqual(['token-once']);
    expect(callsTo(calls.sandboxProviderBalance).map(({ headers }) => headers.authorization)).toEqual([
      `Bearer ${PROVIDER_SESSION.sessionId}`,
    ]);
  });

  it('speaks Vietnamese with lang=vi: the bet spots and the actions of the baccarat table', async () => {
    await openProvider({ path: '/m/provider/baccarat?token=token-vi&lang=vi&lobby=%2Fm%2Flive-games' });
    for (const name of ['Nhà con', 'Nhà cái', 'Hòa', 'Đôi nhà con', 'Đôi nhà cái'])
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đặt cược' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Về sảnh' })).toHaveAttribute('href', '/m/live-games');
    expect(screen.getByTestId('provider-countdown')).toHaveTextContent(/^Còn \d+ giây để đặt cược$/);
  });

  it('exchanges a token once however many times it is asked at the same time (StrictMode, re-renders)', async () => {
    on(calls.sandboxProviderOpenSession, PROVIDER_SESSION);
    const [first, second] = await Promise.all([
      openSessionOnce('token-twice'),
      openSessionOnce('token-twice'),
    ]);
    expect(first.session.sessionId).toBe(second.session.sessionId);
    expect(opened()).toEqual(['token-twice']);
  });

  it('says when the launch link has expired or was used, with the way back to the lobby', async () => {
    on(calls.sandboxProviderOpenSession, failure('LAUNCH_LINK_EXPIRED'));
    await openProvider({ path: launch('xoc-dia', 'token-spent', '/m/game') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This game link has expired or was already used. Please open the game again.',
    );
    expect(within(alert).getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/m/game');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when the provider is unavailable, and opens the game on Retry once it answers', async () => {
    let busy = true;
    on(calls.sandboxProviderOpenSession, () =>
      busy ? failure('GAME_PROVIDER_UNAVAILABLE') : PROVIDER_SESSION,
    );
    const { user } = await openProvider({ path: launch('bau-cua', 'token-busy') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The game provider is not answering right now; please try again shortly');
    busy = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    expect(screen.getByRole('heading', { name: 'Bau Cua' })).toBeInTheDocument();
  });

  it('says when the network is down', async () => {
    on(calls.sandboxProviderOpenSession, () => networkFailure());
    await openProvider({ path: launch('cockfight', 'token-offline') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The network is offline, please check your connection',
    );
  });

  it('refuses an unknown game kind, and never links back outside the site', async () => {
    await openProvider({ path: launch('poker', 'token-poker', 'https://elsewhere.example/m/home') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The provider has no such game. Please choose another game in the lobby.',
    );
    expect(within(alert).getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/m/home');
    expect(opened()).toEqual([]);
  });

  it('says the game session ended when the provider no longer knows it, and keeps the member logged in', async () => {
    window.sessionStorage.clear();
    window.sessionStorage.setItem(
      'providerSession:token-gone',
      JSON.stringify({
        sessionId: '0d7e4c55-1111-4a2b-8c3d-9e8f7a6b5c4d',
        playerName: 'player01',
        currency: 'VND',
        balance: 70_000,
        gameId: 'sandbox-game',
        demo: false,
      }),
    );
    // The provider no longer knows that session.
    on(calls.sandboxProviderBalance, failure('SESSION_EXPIRED'));
    on(calls.sandboxProviderTable, failure('SESSION_EXPIRED'));
    await openProvider({ path: launch('baccarat', 'token-gone'), freshTab: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session at the game provider has ended. Please open the game again from the lobby.',
    );
    expect(opened()).toEqual([]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(screen.queryByText('You have been logged out, please log in again')).toBeNull();
  });

  it('plays a baccarat round: a banker bet placed, the deal shown, the return paid and the balance updated', async () => {
    // The provider takes a bet of 10,000 on the banker: the table then shows it among my bets.
    const round = tableRoundOf('baccarat', Date.now());
    const bets = [{ kind: 'banker', stake: 10_000 }];
    const bet: SandboxTableBet = {
      ...{ betId: 'bet-1', roundId: round.roundId, bets, stake: 10_000, status: 'accepted', returned: null },
    };
    const placed = () => callsTo(calls.sandboxProviderPlaceTableBet).map(({ body }) => body);
    on(calls.sandboxProviderPlaceTableBet, { bet, balance: 90_000 });
    on(calls.sandboxProviderTable, () =>
      tableOf('baccarat', round, { myBets: placed().length ? [bet] : [] }),
    );
    const { user } = await openProvider({ path: launch('baccarat', 'token-round'), balance: 100_000 });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(100_000)));
    await screen.findByText('Round #101', { selector: '.kl-provider-round__seq' });
    expect(screen.getByTestId('provider-seed-hash')).toHaveTextContent(round.fairness.serverSeedHash);

    await user.click(
      within(screen.getByRole('group', { name: 'Chip value' })).getByRole('button', { name: vnd(10_000) }),
    );
    await user.click(screen.getByRole('button', { name: 'Banker' }));
    expect(screen.getByRole('button', { name: 'Banker' })).toHaveAccessibleDescription(
      `pays 0.95:1 ${vnd(10_000)} chosen`,
    );
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(90_000)));
    expect(placed()).toEqual([{ game: 'baccarat', roundId: 'baccarat-round-101', bets }]);
    const mine = await screen.findByTestId('provider-my-bet');
    expect(mine).toHaveTextContent(`Banker ${vnd(10_000)}`);
    expect(mine).toHaveTextContent('Accepted');

    // The banker wins: my bet is paid 19,500 (0.95:1), the wallet then holds 109,500.
    reveal('baccarat', BANKER_WINS, { myBets: [{ ...bet, status: 'settled', returned: 19_500 }] });
    on(calls.sandboxProviderBalance, { currency: 'VND', balance: 109_500 });
    await nextPoll();
    const board = screen.getByTestId('provider-board');
    await waitFor(() => expect(within(board).getByRole('status')).toHaveTextContent('Banker wins'));
    expect(
      within(screen.getByTestId('baccarat-player'))
        .getAllByRole('img')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['2 of hearts', '3 of clubs', 'K of spades']);
    expect(screen.getByTestId('baccarat-player-total')).toHaveTextContent('5 points');
    expect(screen.getByTestId('baccarat-banker-total')).toHaveTextContent('7 points');
    await waitFor(() =>
      expect(screen.getByTestId('provider-bet-returned')).toHaveTextContent(`Returned ${vnd(19_500)}`),
    );
    expect(screen.getByTestId('provider-my-bet')).toHaveTextContent('Settled');
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(109_500)));
    expect(screen.getByTestId('provider-server-seed')).toHaveTextContent('seed-101');
    expect(within(screen.getByTestId('provider-road')).getByText(/Banker wins/)).toBeInTheDocument();
  });

  it('deals the cards one by one at the deal’s pace when motion is allowed', async () => {
    await openProvider({ path: launch('baccarat', 'token-deal'), motion: 'full' });
    await screen.findByRole('button', { name: 'Banker' });
    reveal('baccarat', BANKER_WINS);
    await nextPoll();
    const board = screen.getByTestId('provider-board');
    await waitFor(() => expect(Number(board.dataset.dealt)).toBeGreaterThan(0));
    expect(Number(board.dataset.dealt)).toBeLessThan(5);
    expect(within(board).getByRole('status')).toHaveTextContent('Dealing…');
    await vi.advanceTimersByTimeAsync(TABLE_TIMING.dealMs * 5);
    await waitFor(() => expect(board.dataset.dealt).toBe('5'));
    expect(within(board).getByRole('status')).toHaveTextContent('Banker wins');
  });

  it.each([
    {
      game: 'xoc-dia',
      outcome: { coins: ['red', 'white', 'red', 'red'], reds: 3 },
      before: 'The bowl is covered, waiting for the reveal',
      after: '3 red 1 white · Odd',
      pieces: ['Red', 'White', 'Red', 'Red'],
    },
    {
      game: 'bau-cua',
      outcome: { dice: ['bau', 'cua', 'cua'] },
      before: 'The dice are covered, waiting for the reveal',
      after: 'Gourd, Crab, Crab',
      pieces: ['Gourd', 'Crab', 'Crab'],
    },
    {
      game: 'cockfight',
      outcome: { result: 'wala' },
      before: 'The fight starts soon',
      after: 'Wala wins',
      pieces: [],
    },
  ] as const)('reveals the $game board: $after', async ({ game, outcome, before, after, pieces }) => {
    await openProvider({ path: launch(game, `token-board-${game}`) });
    const board = await screen.findByTestId('provider-board');
    expect(within(board).getByRole('status')).toHaveTextContent(before);
    if (game === 'cockfight') {
      expect(screen.getByTestId('cockfight-meron-odds')).toHaveTextContent('Odds 1.90');
      expect(screen.getByTestId('cockfight-wala-odds')).toHaveTextContent('Odds 1.85');
    }
    reveal(game, outcome);
    await nextPoll();
    await waitFor(() =>
      expect(within(screen.getByTestId('provider-board')).getByRole('status')).toHaveTextContent(after),
    );
    expect(
      within(screen.getByTestId('provider-board'))
        .queryAllByRole('img')
        .map((piece) => piece.getAttribute('aria-label')),
    ).toEqual(pieces);
    expect(
      within(screen.getByTestId('provider-road')).getByText(after, { exact: false }),
    ).toBeInTheDocument();
  });

  it('refuses a bet above the balance with the wallet’s reason, keeping the balance', async () => {
    const refused = failure('INSUFFICIENT_BALANCE', undefined, {
      providerStatus: 'RS_ERROR_NOT_ENOUGH_MONEY',
    });
    on(calls.sandboxProviderPlaceTableBet, refused);
    const { user } = await openProvider({ path: launch('xoc-dia', 'token-poor'), balance: 5_000 });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(5_000)));
    // The chips come with the table, which is asked for in a task of its own (requests go one per task).
    const chips = await screen.findByRole('group', { name: 'Chip value' });
    await user.click(within(chips).getByRole('button', { name: vnd(10_000) }));
    await user.click(screen.getByRole('button', { name: 'Even' }));
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(balance()).toHaveTextContent(vnd(5_000));
    expect(callsTo(calls.sandboxProviderPlaceTableBet).map(({ body }) => body.bets)).toEqual([
      [{ kind: 'chan', stake: 10_000 }],
    ]);
  });

  it('counts down to the close on the server’s clock, not the device’s', async () => {
    // The device's clock is two hours ahead of the server's: by it, the round closed long ago.
    const serverNow = Date.now() - 2 * 3_600_000;
    const round = {
      ...tableRoundOf('cockfight', serverNow),
      closesAt: new Date(serverNow + 12_000).toISOString(),
    };
    on(calls.sandboxProviderTable, () => tableOf('cockfight', round, {}, -2 * 3_600_000));
    await openProvider({ path: launch('cockfight', 'token-clock') });
    const countdown = await screen.findByTestId('provider-countdown');
    await waitFor(() => expect(countdown).toHaveTextContent(/^1[12] seconds left to bet$/));
    expect(screen.getByRole('button', { name: 'Meron' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Meron' })).toHaveAccessibleDescription('odds 1.90');
    await vi.advanceTimersByTimeAsync(5_000);
    await waitFor(() => expect(countdown).toHaveTextContent(/^[67] seconds left to bet$/));
    await vi.advanceTimersByTimeAsync(8_000);
    await waitFor(() => expect(countdown).toHaveTextContent('Bets closed, revealing the result…'));
    expect(screen.getByRole('button', { name: 'Meron' })).toBeDisabled();
  });
});
