import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSessionOnce } from './lib/launch.ts';
import { TABLE_TIMING } from './lib/timing.ts';
import { createFakeProvider } from './testing/fake-provider.ts';
import { openProvider } from './testing/open-provider.ts';
import { serveAlsoNext, stubServer } from '../../test/fake-server.ts';
import { createSystemStatus } from '../../test/factories.ts';
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
/** What the provider returns: banker pays 0.95:1. */
const bankerReturn = (line: { kind: string; stake: number }) =>
  line.kind === 'banker' ? line.stake + Math.floor((line.stake * 95) / 100) : 0;

describe('provider game client (/m/provider/:kind, docs/decisions/026-sandbox-provider.md)', () => {
  it('opens the session once with the launch token, shows the game and balance, and a reload keeps playing', async () => {
    const { provider, unmount } = await openProvider({
      path: launch('baccarat', 'token-once'),
      tokens: ['token-once'],
      balance: 250_000,
    });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(250_000)));
    expect(screen.getByRole('heading', { name: 'Baccarat' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/m/live-games');
    await screen.findByRole('button', { name: 'Banker' });
    expect(provider.state.openCalls).toEqual(['token-once']);

    // A reload of the tab: the token is not spent again, the balance is asked of the wallet.
    unmount();
    provider.state.balance = 240_000;
    await openProvider({ path: launch('baccarat', 'token-once'), provider, freshTab: false });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(240_000)));
    expect(provider.state.openCalls).toEqual(['token-once']);
    expect(provider.state.balanceCalls).toBe(1);
  });

  it('speaks Vietnamese with lang=vi: the bet spots and the actions of the baccarat table', async () => {
    await openProvider({
      path: '/m/provider/baccarat?token=token-vi&lang=vi&lobby=%2Fm%2Flive-games',
      tokens: ['token-vi'],
    });
    for (const name of ['Nhà con', 'Nhà cái', 'Hòa', 'Đôi nhà con', 'Đôi nhà cái'])
      expect(await screen.findByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đặt cược' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Về sảnh' })).toHaveAttribute('href', '/m/live-games');
    expect(screen.getByTestId('provider-countdown')).toHaveTextContent(/^Còn \d+ giây để đặt cược$/);
  });

  it('exchanges a token once however many times it is asked at the same time (StrictMode, re-renders)', async () => {
    const provider = createFakeProvider({ tokens: ['token-twice'] });
    serveAlsoNext(provider.handle);
    stubServer({ status: createSystemStatus() });
    const [first, second] = await Promise.all([
      openSessionOnce('token-twice'),
      openSessionOnce('token-twice'),
    ]);
    expect(first.session.sessionId).toBe(second.session.sessionId);
    expect(provider.state.openCalls).toEqual(['token-twice']);
  });

  it('says when the launch link has expired or was used, with the way back to the lobby', async () => {
    await openProvider({ path: launch('xoc-dia', 'token-spent', '/m/game'), tokens: [] });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'This game link has expired or was already used. Please open the game again.',
    );
    expect(within(alert).getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/m/game');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when the provider is unavailable, and opens the game on Retry once it answers', async () => {
    const { user, provider } = await openProvider({
      path: launch('bau-cua', 'token-busy'),
      tokens: ['token-busy'],
      openFailure: 'unavailable',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The game provider is not answering right now; please try again shortly');
    provider.state.openFailure = null;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    expect(screen.getByRole('heading', { name: 'Bau Cua' })).toBeInTheDocument();
  });

  it('says when the network is down', async () => {
    await openProvider({
      path: launch('cockfight', 'token-offline'),
      tokens: ['token-offline'],
      openFailure: 'network',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The network is offline, please check your connection',
    );
  });

  it('refuses an unknown game kind, and never links back outside the site', async () => {
    const { provider } = await openProvider({
      path: launch('poker', 'token-poker', 'https://elsewhere.example/m/home'),
      tokens: ['token-poker'],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The provider has no such game. Please choose another game in the lobby.',
    );
    expect(within(alert).getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/m/home');
    expect(provider.state.openCalls).toEqual([]);
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
    const { provider } = await openProvider({
      path: launch('baccarat', 'token-gone'),
      tokens: ['token-gone'],
      freshTab: false,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session at the game provider has ended. Please open the game again from the lobby.',
    );
    expect(provider.state.openCalls).toEqual([]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(screen.queryByText('You have been logged out, please log in again')).toBeNull();
  });

  it('plays a baccarat round: a banker bet placed, the deal shown, the return paid and the balance updated', async () => {
    const { user, provider } = await openProvider({
      path: launch('baccarat', 'token-round'),
      tokens: ['token-round'],
      balance: 100_000,
    });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(100_000)));
    // The table is asked for in a task of its own (requests go one per task): wait until it has been.
    await waitFor(() => expect(provider.state.tables.baccarat?.current).toBeDefined());
    const round = provider.state.tables.baccarat?.current;
    await screen.findByText(`Round #${round?.seq}`, { selector: '.kl-provider-round__seq' });
    expect(screen.getByTestId('provider-seed-hash')).toHaveTextContent(round?.fairness.serverSeedHash ?? '');

    await user.click(
      within(screen.getByRole('group', { name: 'Chip value' })).getByRole('button', { name: vnd(10_000) }),
    );
    await user.click(screen.getByRole('button', { name: 'Banker' }));
    expect(screen.getByRole('button', { name: 'Banker' })).toHaveAccessibleDescription(
      `pays 0.95:1 ${vnd(10_000)} chosen`,
    );
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(90_000)));
    expect(provider.state.placements).toEqual([
      { game: 'baccarat', roundId: round?.roundId, bets: [{ kind: 'banker', stake: 10_000 }] },
    ]);
    const mine = await screen.findByTestId('provider-my-bet');
    expect(mine).toHaveTextContent(`Banker ${vnd(10_000)}`);
    expect(mine).toHaveTextContent('Accepted');

    provider.reveal('baccarat', BANKER_WINS, bankerReturn);
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
    expect(screen.getByTestId('provider-server-seed')).toHaveTextContent(`seed-${round?.seq}`);
    expect(within(screen.getByTestId('provider-road')).getByText(/Banker wins/)).toBeInTheDocument();
  });

  it('deals the cards one by one at the deal’s pace when motion is allowed', async () => {
    const { provider } = await openProvider({
      path: launch('baccarat', 'token-deal'),
      tokens: ['token-deal'],
      motion: 'full',
    });
    await screen.findByRole('button', { name: 'Banker' });
    provider.reveal('baccarat', BANKER_WINS, () => 0);
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
    const { provider } = await openProvider({
      path: launch(game, `token-board-${game}`),
      tokens: [`token-board-${game}`],
    });
    const board = await screen.findByTestId('provider-board');
    expect(within(board).getByRole('status')).toHaveTextContent(before);
    if (game === 'cockfight') {
      expect(screen.getByTestId('cockfight-meron-odds')).toHaveTextContent('Odds 1.90');
      expect(screen.getByTestId('cockfight-wala-odds')).toHaveTextContent('Odds 1.85');
    }
    provider.reveal(game, outcome, () => 0);
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
    const { user, provider } = await openProvider({
      path: launch('xoc-dia', 'token-poor'),
      tokens: ['token-poor'],
      balance: 5_000,
    });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(5_000)));
    // The chips come with the table, which is asked for in a task of its own (requests go one per task).
    const chips = await screen.findByRole('group', { name: 'Chip value' });
    await user.click(within(chips).getByRole('button', { name: vnd(10_000) }));
    await user.click(screen.getByRole('button', { name: 'Even' }));
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(balance()).toHaveTextContent(vnd(5_000));
    expect(provider.state.placements).toEqual([]);
  });

  it('counts down to the close on the server’s clock, not the device’s', async () => {
    // The device's clock is two hours ahead of the server's: by it, the round closed long ago.
    await openProvider({
      path: launch('cockfight', 'token-clock'),
      tokens: ['token-clock'],
      serverAheadMs: -2 * 3_600_000,
      bettingMs: 12_000,
    });
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
