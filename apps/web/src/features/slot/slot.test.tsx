import { gamesCalls } from '@kl/contracts/games';
import { slotCalls, type SlotRound } from '@kl/contracts/slot';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { withFakeClock } from '../../test/fake-clock.ts';
import { pageOf } from '../../test/fake-data.ts';
import { createGame } from '../../test/fake-games.ts';
import { vnd } from '../../test/money.ts';
import { SEED, SERVER_SEED, slotRoundOf, slotSessionOf } from './testing/fake-slot.ts';
import { openSlot, runClockUntil } from './testing/open-slot.ts';

// The reels spin and auto-spins pause for their real timings (lib/timing.ts) on a fake clock that the
// tests move on (runClockUntil) instead of waiting for it.
withFakeClock();

const balance = () => screen.getByTestId('slot-balance');
const spinButton = () => screen.getByRole('button', { name: 'Spin' });
const spins = () => callsTo(slotCalls.slotSpin).map(({ body }) => body);
const verdicts = (panel: HTMLElement) =>
  within(panel)
    .getAllByTestId('slot-verdict')
    .map((node) => node.dataset.verdict);

/** The engine's rounds at `nonces` of the seeds (for `lineBet` a line), played one after the other from `balance`. */
function roundsFrom(balance: number, lineBet: number, nonces: number[]): SlotRound[] {
  return nonces.map((nonce) => {
    const round = slotRoundOf(nonce, lineBet);
    balance += round.totalWin - round.totalBet;
    return { ...round, balanceAfter: balance };
  });
}

/** Spins `count` rounds one after the other, each shown to its end. */
async function spinRounds(user: UserEvent, count: number) {
  for (let index = 0; index < count; index += 1) {
    await user.click(spinButton());
    await waitFor(() => expect(spins()).toHaveLength(index + 1));
    await runClockUntil(() => screen.getByTestId('slot-win'));
  }
}

/**
 * The server once `rounds` were played: rotating reveals their seed (the history then carries it, each round
 * as `shown` answers it: a tampered one) and starts a new seed at nonce 0.
 */
function answerRotation(rounds: SlotRound[], shown = (round: SlotRound) => round) {
  const rotated = () => callsTo(slotCalls.slotRotateSeed).length > 0;
  const next = { serverSeedHash: 'b'.repeat(64), clientSeed: SEED.clientSeed, nonce: 0 };
  const { serverSeedHash, clientSeed } = SEED;
  const revealed = { serverSeed: SERVER_SEED, serverSeedHash, clientSeed, rounds: rounds.length };
  on(slotCalls.slotRotateSeed, { revealed, seed: next });
  on(slotCalls.slotSession, () =>
    slotSessionOf(1_000_000, 'real', { seed: rotated() ? next : { ...SEED, nonce: rounds.length } }),
  );
  const history = () =>
    rounds.map((round) => (rotated() ? shown({ ...round, serverSeed: SERVER_SEED }) : round));
  on(slotCalls.slotHistory, ({ query }) => pageOf(history().reverse(), query));
}

describe('slot (product.md §2 /m/slotsCenter)', () => {
  it('spins: the balance moves by −bet + win from the answer, the win and its lines are shown', async () => {
    // Round 3 of the seeds wins 10,500 on 500 a line.
    const { user } = await openSlot({
      session: slotSessionOf(500_000),
      rounds: roundsFrom(500_000, 500, [3]),
    });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(500_000)));
    expect(screen.getByRole('heading', { name: 'Rồng Vàng' })).toBeInTheDocument();
    expect(screen.getByTestId('slot-total-bet')).toHaveTextContent(`Total bet ${vnd(2_000)} (20 lines)`);
    await user.selectOptions(screen.getByLabelText('Bet per line'), String(500));
    expect(screen.getByTestId('slot-total-bet')).toHaveTextContent(vnd(10_000));

    await user.click(spinButton());
    const win = await runClockUntil(() => screen.getByTestId('slot-win'));
    expect(spins()).toEqual([expect.objectContaining({ lineBet: 500, mode: 'wallet' })]);
    expect(balance()).toHaveTextContent(vnd(500_000 - 10_000 + 10_500));
    expect(win).toHaveTextContent(`You win ${vnd(10_500)}`);
    // Every symbol in view has a name.
    const reels = screen.getByTestId('slot-reels');
    expect(within(reels).getAllByRole('img')).toHaveLength(15);
    // The round is in the history.
    const rounds = await screen.findAllByTestId('slot-round');
    expect(rounds).toHaveLength(1);
    expect(within(rounds[0] as HTMLElement).getByTestId('round-bet')).toHaveTextContent(vnd(10_000));
  });

  it('spins the reels for their time before showing the result', async () => {
    const { user } = await openSlot({ motion: 'full', rounds: roundsFrom(1_000_000, 100, [0]) });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await user.click(spinButton());
    // While spinning, symbols scroll past on each strip; the result comes when the reels have stopped.
    await waitFor(() => expect(screen.getByTestId('slot-reel-0').children.length).toBeGreaterThan(3));
    expect(screen.queryByTestId('slot-win')).toBeNull();
    await runClockUntil(() => screen.getByTestId('slot-win'));
  });

  it('shows the result at once, with no symbols scrolling past, to a member asking for less motion', async () => {
    const { user } = await openSlot({ rounds: roundsFrom(1_000_000, 100, [0]) });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await user.click(spinButton());
    await runClockUntil(() => screen.getByTestId('slot-win'));
    expect(spins()).toHaveLength(1);
    for (let reel = 0; reel < 5; reel += 1) {
      expect(screen.getByTestId(`slot-reel-${reel}`).children).toHaveLength(3);
    }
  });

  it('auto-spin stops on its condition: a win above the amount', async () => {
    // Rounds 0 to 2 of the seeds win nothing, round 3 wins 2,100.
    const rounds = roundsFrom(5_000_000, 100, [0, 1, 2, 3]);
    const { user } = await openSlot({ session: slotSessionOf(5_000_000), rounds });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(5_000_000)));
    await user.click(screen.getByRole('button', { name: 'Auto-spin' }));
    const form = screen.getByRole('form', { name: 'Auto-spin settings' });
    await user.click(within(form).getByRole('radio', { name: '100' }));
    await user.type(within(form).getByLabelText('Stop on a win above (VND, optional)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Start 100 spins' }));
    expect(
      await runClockUntil(() => screen.getByText('Auto-spin stopped: a win above your limit.')),
    ).toBeInTheDocument();
    expect(spins()).toHaveLength(4);
    expect(balance()).toHaveTextContent(vnd(5_000_000 - 4 * 2_000 + 2_100));
  });

  it('auto-spin stops when the balance falls below the amount, and refuses a bad amount', async () => {
    // Rounds 0 and 1 of the seeds win nothing: 80,000 left, then 60,000.
    const rounds = roundsFrom(100_000, 1_000, [0, 1]);
    const { user } = await openSlot({ session: slotSessionOf(100_000), rounds });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(100_000)));
    await user.selectOptions(screen.getByLabelText('Bet per line'), String(1_000));
    await user.click(screen.getByRole('button', { name: 'Auto-spin' }));
    const form = screen.getByRole('form', { name: 'Auto-spin settings' });
    const below = within(form).getByLabelText('Stop when the balance is below (VND, optional)');
    await user.type(below, '7O');
    await user.click(within(form).getByRole('button', { name: 'Start 10 spins' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Enter whole amounts in digits'),
    );
    expect(spins()).toHaveLength(0);
    await user.clear(below);
    await user.type(below, '70000');
    await user.click(within(form).getByRole('checkbox', { name: 'Stop when free spins start' }));
    await user.click(within(form).getByRole('button', { name: 'Start 10 spins' }));
    const stopped = await runClockUntil(() => screen.getByText(/^Auto-spin (stopped|finished)/));
    expect(stopped).toHaveTextContent('Auto-spin stopped: the balance fell below your limit.');
    // It stopped at the first round that left less than the limit.
    expect(spins()).toHaveLength(2);
    expect(balance()).toHaveTextContent(vnd(60_000));
  });

  it('the Stop button ends an auto-spin after the round in play', async () => {
    const rounds = roundsFrom(5_000_000, 100, [0, 1, 2, 4]);
    const { user } = await openSlot({ session: slotSessionOf(5_000_000), rounds });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(5_000_000)));
    await user.click(screen.getByRole('button', { name: 'Auto-spin' }));
    const form = screen.getByRole('form', { name: 'Auto-spin settings' });
    await user.click(within(form).getByRole('radio', { name: '50' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Stop when free spins start' }));
    await user.click(within(form).getByRole('button', { name: 'Start 50 spins' }));
    // Stop is tapped during the pause after the first round.
    expect(await runClockUntil(() => screen.getByText('Auto-spin: 49 spins left'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Stop auto-spin' }));
    expect(await runClockUntil(() => screen.getByText('Auto-spin stopped.'))).toBeInTheDocument();
    expect(spins().length).toBeLessThan(5);
    expect(balance()).toHaveTextContent(vnd(rounds[spins().length - 1]!.balanceAfter));
  });

  it('verifies revealed rounds in the browser: ✓ for the real rounds', async () => {
    const rounds = roundsFrom(1_000_000, 100, [0, 1, 2]);
    const { user } = await openSlot({ rounds });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await spinRounds(user, 3);
    answerRotation(rounds);
    await user.click(screen.getByRole('link', { name: 'Verify' }));
    const panel = await screen.findByTestId('slot-verify');
    expect(within(panel).getByTestId('slot-seed-hash')).toHaveTextContent(SEED.serverSeedHash);
    expect(within(panel).getByTestId('slot-nonce')).toHaveTextContent('3');
    await waitFor(() => expect(verdicts(panel)).toEqual(['unrevealed', 'unrevealed', 'unrevealed']));

    on(slotCalls.slotClientSeed, ({ body }) => ({ ...SEED, ...body, nonce: 3 }));
    const input = within(panel).getByLabelText('Client seed');
    await user.clear(input);
    await user.click(within(panel).getByRole('button', { name: 'Save client seed' }));
    await waitFor(() =>
      expect(within(panel).getByRole('alert')).toHaveTextContent('The client seed must be 1 to 64'),
    );
    await user.type(input, 'my own seed');
    await user.click(within(panel).getByRole('button', { name: 'Save client seed' }));
    await waitFor(() =>
      expect(callsTo(slotCalls.slotClientSeed)[0]?.body).toEqual({ clientSeed: 'my own seed' }),
    );

    await user.click(within(panel).getByRole('button', { name: 'Rotate the seed (reveal the server seed)' }));
    expect(await within(panel).findByTestId('slot-revealed')).toHaveTextContent('rounds played with it: 3');
    await waitFor(() => expect(verdicts(panel)).toEqual(['verified', 'verified', 'verified']));
    expect(within(panel).getAllByText('Verified')).toHaveLength(3);
    await waitFor(() => expect(within(panel).getByTestId('slot-nonce')).toHaveTextContent('0'));
  });

  it('marks a tampered round ✗', async () => {
    const rounds = roundsFrom(1_000_000, 100, [0, 1]);
    const { user } = await openSlot({ rounds });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await spinRounds(user, 2);
    answerRotation(rounds, (round) =>
      round.nonce === 1 ? { ...round, totalWin: round.totalWin + 2_000 } : round,
    );
    await user.click(screen.getByRole('link', { name: 'Verify' }));
    const panel = await screen.findByTestId('slot-verify');
    await user.click(within(panel).getByRole('button', { name: 'Rotate the seed (reveal the server seed)' }));
    await waitFor(() => expect(verdicts(panel)).toEqual(['mismatch', 'verified']));
    expect(within(panel).getByText('Does not match')).toBeInTheDocument();
  });

  it('sound is off by default, and the choice is remembered', async () => {
    const { user } = await openSlot();
    const toggle = await screen.findByRole('button', { name: 'Sound: off' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Sound: on' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem('slotSound')).toBe('on');
  });

  it('labels a trial member’s demo money', async () => {
    await openSlot({ type: 4, session: slotSessionOf(2_000_000, 'demo') });
    expect(await screen.findByTestId('slot-money-banner')).toHaveTextContent(
      'Trial account: you are playing with demo money.',
    );
    expect(screen.getByText('Demo balance')).toBeInTheDocument();
  });

  it('redeems a free-play launch once: the game’s own name, play money, the token out of the address', async () => {
    // The token launches game 1001, Golden Koi, in free play.
    const koi = createGame(1, { gameName: 'Golden Koi' });
    on(gamesCalls.redeemLaunch, {
      ...{ userName: 'player01', merchantCode: 'kimlong', vassalage: 'BGS', gameType: 'RNG', game: koi },
      ...{ prizeMode: null, playType: null, supportPlay: 1 },
    });
    const game = { gameId: '1001', gameName: 'Golden Koi', house: false };
    const { user } = await openSlot({
      path: '/m/slotsCenter?launch=token-free-000001&lang=en',
      session: slotSessionOf(1_000_000, 'play', { game }),
      rounds: [slotRoundOf(0, 100, { money: 'play', ...game, balanceAfter: 998_000 })],
    });
    expect(await screen.findByRole('heading', { name: 'Golden Koi' })).toBeInTheDocument();
    expect(screen.getByTestId('slot-money-banner')).toHaveTextContent(
      'Free play: you are playing with play money',
    );
    expect(screen.getByText('Play money')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).not.toContain('launch='));
    expect(callsTo(gamesCalls.redeemLaunch).map(({ body }) => body)).toEqual([
      { token: 'token-free-000001' },
    ]);
    expect(callsTo(slotCalls.slotSession)[0]?.query).toMatchObject({ mode: 'play', gameId: '1001' });
    await user.click(spinButton());
    await runClockUntil(() => screen.getByTestId('slot-win'));
    expect(spins()).toEqual([expect.objectContaining({ mode: 'play', gameId: '1001' })]);
    expect(balance()).toHaveTextContent(vnd(998_000));
  });

  it('a real member switches to free play: play money, never the wallet', async () => {
    const { user } = await openSlot({
      session: ({ query }) =>
        query.mode === 'play' ? slotSessionOf(1_000_000, 'play') : slotSessionOf(300_000),
      rounds: [slotRoundOf(0, 100, { money: 'play', balanceAfter: 998_000 })],
    });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(300_000)));
    const modes = screen.getByRole('group', { name: 'Money to play with' });
    expect(within(modes).getByRole('button', { name: 'Real money' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(modes).getByRole('button', { name: 'Free play' }));
    expect(await screen.findByTestId('slot-money-banner')).toHaveTextContent('Free play');
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await user.click(spinButton());
    await runClockUntil(() => screen.getByTestId('slot-win'));
    expect(spins()).toEqual([expect.objectContaining({ mode: 'play' })]);
    expect(balance()).toHaveTextContent(vnd(998_000));
    expect(window.location.search).toContain('play=free');
  });

  it('offers no free play to a trial member (demo money already)', async () => {
    await openSlot({ type: 4 });
    await screen.findByTestId('slot-money-banner');
    expect(screen.queryByRole('group', { name: 'Money to play with' })).toBeNull();
  });

  it('says so when a launch link was already used', async () => {
    on(gamesCalls.redeemLaunch, failure('LAUNCH_LINK_EXPIRED'));
    await openSlot({ path: '/m/slotsCenter?launch=token-used-000001&lang=en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('already been used or has expired');
    expect(screen.getByRole('link', { name: 'Play Rồng Vàng' })).toHaveAttribute('href', '/m/slotsCenter');
  });

  it('asks a visitor to log in', async () => {
    const { page } = await openSlot({ type: null });
    expect(within(page).getByText('Log in to play.')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/m/login');
    expect(spins()).toHaveLength(0);
  });
});
