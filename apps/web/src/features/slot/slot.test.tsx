import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withFakeClock } from '../../test/fake-clock.ts';
import { vnd } from '../../test/money.ts';
import { openSlot, runClockUntil } from './testing/open-slot.ts';

// The reels spin and auto-spins pause for their real timings (lib/timing.ts) on a fake clock that the
// tests move on (runClockUntil) instead of waiting for it.
withFakeClock();

const balance = () => screen.getByTestId('slot-balance');
const spinButton = () => screen.getByRole('button', { name: 'Spin' });

describe('slot (product.md §2 /m/slotsCenter)', () => {
  it('spins: the balance moves by −bet + win from the answer, the win and its lines are shown', async () => {
    const { user, slot } = await openSlot({ balance: 500_000 });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(500_000)));
    expect(screen.getByRole('heading', { name: 'Rồng Vàng' })).toBeInTheDocument();
    expect(screen.getByTestId('slot-total-bet')).toHaveTextContent(`Total bet ${vnd(2_000)} (20 lines)`);
    await user.selectOptions(screen.getByLabelText('Bet per line'), String(500));
    expect(screen.getByTestId('slot-total-bet')).toHaveTextContent(vnd(10_000));

    await user.click(spinButton());
    const win = await runClockUntil(() => screen.getByTestId('slot-win'));
    const round = slot.state.rounds[0];
    expect(round).toBeDefined();
    expect(slot.state.spinCalls).toEqual([expect.objectContaining({ lineBet: 500, mode: 'wallet' })]);
    expect(balance()).toHaveTextContent(vnd(500_000 - 10_000 + (round?.totalWin ?? 0)));
    expect(win).toHaveTextContent(round?.totalWin ? `You win ${vnd(round.totalWin)}` : 'No win this time');
    // Every symbol in view has a name.
    const reels = screen.getByTestId('slot-reels');
    expect(within(reels).getAllByRole('img')).toHaveLength(15);
    // The round is in the history.
    const rounds = await screen.findAllByTestId('slot-round');
    expect(rounds).toHaveLength(1);
    expect(within(rounds[0] as HTMLElement).getByTestId('round-bet')).toHaveTextContent(vnd(10_000));
  });

  it('spins the reels for their time before showing the result', async () => {
    const { user } = await openSlot({ motion: 'full' });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await user.click(spinButton());
    // While spinning, symbols scroll past on each strip; the result comes when the reels have stopped.
    await waitFor(() => expect(screen.getByTestId('slot-reel-0').children.length).toBeGreaterThan(3));
    expect(screen.queryByTestId('slot-win')).toBeNull();
    await runClockUntil(() => screen.getByTestId('slot-win'));
  });

  it('shows the result at once, with no symbols scrolling past, to a member asking for less motion', async () => {
    const { user, slot } = await openSlot();
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await user.click(spinButton());
    await runClockUntil(() => screen.getByTestId('slot-win'));
    expect(slot.state.spinCalls).toHaveLength(1);
    for (let reel = 0; reel < 5; reel += 1) {
      expect(screen.getByTestId(`slot-reel-${reel}`).children).toHaveLength(3);
    }
  });

  it('auto-spin stops on its condition: a win above the amount', async () => {
    const { user, slot } = await openSlot({ balance: 5_000_000 });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(5_000_000)));
    await user.click(screen.getByRole('button', { name: 'Auto-spin' }));
    const form = screen.getByRole('form', { name: 'Auto-spin settings' });
    await user.click(within(form).getByRole('radio', { name: '100' }));
    await user.type(within(form).getByLabelText('Stop on a win above (VND, optional)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Start 100 spins' }));
    expect(
      await runClockUntil(() => screen.getByText('Auto-spin stopped: a win above your limit.')),
    ).toBeInTheDocument();
    const [last, ...earlier] = slot.state.rounds;
    expect(last?.totalWin).toBeGreaterThan(0);
    for (const round of earlier) expect(round.totalWin).toBe(0);
    expect(slot.state.spinCalls.length).toBeLessThan(100);
    expect(balance()).toHaveTextContent(vnd(slot.state.balance));
  });

  it('auto-spin stops when the balance falls below the amount, and refuses a bad amount', async () => {
    const { user, slot } = await openSlot({ balance: 100_000 });
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
    expect(slot.state.spinCalls).toHaveLength(0);
    await user.clear(below);
    await user.type(below, '70000');
    await user.click(within(form).getByRole('checkbox', { name: 'Stop when free spins start' }));
    await user.click(within(form).getByRole('button', { name: 'Start 10 spins' }));
    const stopped = await runClockUntil(() => screen.getByText(/^Auto-spin (stopped|finished)/));
    if (slot.state.balance < 70_000)
      expect(stopped).toHaveTextContent('Auto-spin stopped: the balance fell below your limit.');
    else expect(stopped).toHaveTextContent('Auto-spin finished.');
    const afterEach = [...slot.state.rounds].reverse().map((round) => round.balanceAfter);
    // It stopped at the first round that left less than the limit (or after 10).
    const firstBelow = afterEach.findIndex((amount) => amount < 70_000);
    expect(slot.state.spinCalls).toHaveLength(firstBelow === -1 ? 10 : firstBelow + 1);
  });

  it('the Stop button ends an auto-spin after the round in play', async () => {
    const { user, slot } = await openSlot({ balance: 5_000_000 });
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
    expect(slot.state.spinCalls.length).toBeLessThan(5);
    expect(balance()).toHaveTextContent(vnd(slot.state.balance));
  });

  it('verifies revealed rounds in the browser: ✓ for the real rounds', async () => {
    const { user, slot } = await openSlot();
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    for (let index = 0; index < 3; index += 1) {
      await user.click(spinButton());
      await waitFor(() => expect(slot.state.rounds).toHaveLength(index + 1));
      await runClockUntil(() => screen.getByTestId('slot-win'));
    }
    await user.click(screen.getByRole('link', { name: 'Verify' }));
    const panel = await screen.findByTestId('slot-verify');
    expect(within(panel).getByTestId('slot-seed-hash')).toHaveTextContent(slot.state.seed.serverSeedHash);
    expect(within(panel).getByTestId('slot-nonce')).toHaveTextContent('3');
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('slot-verdict')
          .map((node) => node.dataset.verdict),
      ).toEqual(['unrevealed', 'unrevealed', 'unrevealed']),
    );

    const input = within(panel).getByLabelText('Client seed');
    await user.clear(input);
    await user.click(within(panel).getByRole('button', { name: 'Save client seed' }));
    await waitFor(() =>
      expect(within(panel).getByRole('alert')).toHaveTextContent('The client seed must be 1 to 64'),
    );
    await user.type(input, 'my own seed');
    await user.click(within(panel).getByRole('button', { name: 'Save client seed' }));
    await waitFor(() => expect(slot.state.seed.clientSeed).toBe('my own seed'));

    await user.click(within(panel).getByRole('button', { name: 'Rotate the seed (reveal the server seed)' }));
    expect(await within(panel).findByTestId('slot-revealed')).toHaveTextContent('rounds played with it: 3');
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('slot-verdict')
          .map((node) => node.dataset.verdict),
      ).toEqual(['verified', 'verified', 'verified']),
    );
    expect(within(panel).getAllByText('Verified')).toHaveLength(3);
    await waitFor(() => expect(within(panel).getByTestId('slot-nonce')).toHaveTextContent('0'));
  });

  it('marks a tampered round ✗', async () => {
    const { user, slot } = await openSlot({
      tamper: (round) => (round.nonce === 1 ? { ...round, totalWin: round.totalWin + 2_000 } : round),
    });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    for (let index = 0; index < 2; index += 1) {
      await user.click(spinButton());
      await waitFor(() => expect(slot.state.rounds).toHaveLength(index + 1));
      await runClockUntil(() => screen.getByTestId('slot-win'));
    }
    await user.click(screen.getByRole('link', { name: 'Verify' }));
    const panel = await screen.findByTestId('slot-verify');
    await user.click(within(panel).getByRole('button', { name: 'Rotate the seed (reveal the server seed)' }));
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('slot-verdict')
          .map((node) => node.dataset.verdict),
      ).toEqual(['mismatch', 'verified']),
    );
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
    await openSlot({ type: 4, balance: 2_000_000 });
    expect(await screen.findByTestId('slot-money-banner')).toHaveTextContent(
      'Trial account: you are playing with demo money.',
    );
    expect(screen.getByText('Demo balance')).toBeInTheDocument();
  });

  it('redeems a free-play launch once: the game’s own name, play money, the token out of the address', async () => {
    const { user, slot } = await openSlot({
      path: '/m/slotsCenter?launch=token-free-0001&lang=en',
      playBalance: 1_000_000,
      balance: 0,
      launches: { 'token-free-0001': { gameId: '1001', gameName: 'Golden Koi', freePlay: true } },
    });
    expect(await screen.findByRole('heading', { name: 'Golden Koi' })).toBeInTheDocument();
    expect(screen.getByTestId('slot-money-banner')).toHaveTextContent(
      'Free play: you are playing with play money',
    );
    expect(screen.getByText('Play money')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).not.toContain('launch='));
    expect(slot.state.redeemed).toEqual(['token-free-0001']);
    await user.click(spinButton());
    await runClockUntil(() => screen.getByTestId('slot-win'));
    expect(slot.state.spinCalls).toEqual([expect.objectContaining({ mode: 'play', gameId: '1001' })]);
    expect(slot.state.balance).toBe(0);
    expect(balance()).toHaveTextContent(vnd(slot.state.playBalance));
  });

  it('a real member switches to free play: play money, never the wallet', async () => {
    const { user, slot } = await openSlot({ balance: 300_000, playBalance: 1_000_000 });
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(300_000)));
    const modes = screen.getByRole('group', { name: 'Money to play with' });
    expect(within(modes).getByRole('button', { name: 'Real money' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(modes).getByRole('button', { name: 'Free play' }));
    expect(await screen.findByTestId('slot-money-banner')).toHaveTextContent('Free play');
    await waitFor(() => expect(balance()).toHaveTextContent(vnd(1_000_000)));
    await user.click(spinButton());
    await runClockUntil(() => screen.getByTestId('slot-win'));
    expect(slot.state.spinCalls).toEqual([expect.objectContaining({ mode: 'play' })]);
    expect(slot.state.balance).toBe(300_000);
    expect(window.location.search).toContain('play=free');
  });

  it('offers no free play to a trial member (demo money already)', async () => {
    await openSlot({ type: 4 });
    await screen.findByTestId('slot-money-banner');
    expect(screen.queryByRole('group', { name: 'Money to play with' })).toBeNull();
  });

  it('says so when a launch link was already used', async () => {
    await openSlot({ path: '/m/slotsCenter?launch=token-used-0001&lang=en' });
    expect(await screen.findByRole('alert')).toHaveTextContent('already been used or has expired');
    expect(screen.getByRole('link', { name: 'Play Rồng Vàng' })).toHaveAttribute('href', '/m/slotsCenter');
  });

  it('asks a visitor to log in', async () => {
    const { page, slot } = await openSlot({ type: null });
    expect(within(page).getByText('Log in to play.')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/m/login');
    expect(slot.state.spinCalls).toHaveLength(0);
  });
});
