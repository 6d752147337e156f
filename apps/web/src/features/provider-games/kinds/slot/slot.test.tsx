import {
  SANDBOX_SLOT_LINE_BETS,
  sandboxProviderCalls as calls,
  type SandboxSlotFreeRounds,
  type SandboxSlotSpinRequest,
  type SandboxSlotSpinResult,
  type SandboxSlotState,
} from '@kl/contracts/sandbox-provider';
import { type Draws, playRound, type RoundOutcome } from '@kl/contracts/slot-engine';
import { SLOT_MACHINE } from '@kl/contracts/slot-machine';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, failure, on } from '../../../../test/fake-api.ts';
import { kindSession, openKind, vnd } from '../../testing/open-kind.tsx';
import SlotKind from '../slot.tsx';

const SESSION = kindSession({ balance: 1_000_000, gameId: 'PG-SLOT-1' });

/** A round of the real engine that wins on a line without free spins: reel stops tried until one does. */
function winningRound(lineBet: number): RoundOutcome {
  for (let seed = 0; seed < 10_000; seed += 1) {
    let reel = 0;
    const draws: Draws = {
      next: () => 0,
      below: (size) => (seed * 7 + (reel += 1) * 13) % size,
    };
    const round = playRound(SLOT_MACHINE, draws, lineBet);
    if (round.spins.length === 1 && round.spins[0]?.lineWins.length) return round;
  }
  throw new Error('no winning round found');
}

/** The slot's state as the provider answers it: the machine, and the session's free rounds. */
const slotState = (freeRounds: SandboxSlotFreeRounds | null = null): SandboxSlotState => ({
  rows: SLOT_MACHINE.rows,
  reelCount: SLOT_MACHINE.reels.length,
  lineCount: SLOT_MACHINE.lines.length,
  lines: SLOT_MACHINE.lines.map((line) => [...line]),
  symbols: Object.entries(SLOT_MACHINE.symbols).map(([code, symbol]) => ({
    code,
    kind: symbol.kind,
    pays: Object.fromEntries(Object.entries(symbol.pays).map(([count, pay]) => [count, pay ?? 0])),
  })),
  lineBets: [...SANDBOX_SLOT_LINE_BETS],
  freeSpins: { 3: 8 },
  freeSpinMultiplier: SLOT_MACHINE.freeSpinMultiplier,
  maxFreeSpins: SLOT_MACHINE.maxFreeSpins,
  freeRounds,
});

/** The answer to a spin playing `round`. */
const spinAnswer = (
  requestKey: string,
  round: RoundOutcome,
  more: Pick<SandboxSlotSpinResult, 'balance' | 'replayed'> &
    Partial<Pick<SandboxSlotSpinResult, 'stake' | 'free' | 'freeRounds'>>,
): SandboxSlotSpinResult => ({
  spinId: `spin-${requestKey}`,
  lineBet: round.lineBet,
  stake: round.totalBet,
  returned: round.totalWin,
  spins: round.spins,
  fairness: { serverSeedHash: 'c'.repeat(64), clientSeed: 'reels', nonce: 0, serverSeed: 'slot-seed' },
  free: false,
  freeRounds: null,
  ...more,
});

/** The slot calls as the provider answers them; a request key answers its first spin again. */
function fakeSlot(options: { unansweredFirst?: boolean } = {}) {
  const state = { balance: SESSION.balance, spins: [] as SandboxSlotSpinRequest[], paid: new Set<string>() };
  let unanswered = options.unansweredFirst ?? false;
  on(calls.sandboxProviderSlot, slotState());
  on(calls.sandboxProviderSlotSpin, ({ body: request }) => {
    state.spins.push(request);
    const round = winningRound(request.lineBet ?? 0);
    const replayed = state.paid.has(request.requestKey);
    if (!replayed) {
      if (round.totalBet > state.balance) return failure('INSUFFICIENT_BALANCE');
      state.balance += round.totalWin - round.totalBet;
      state.paid.add(request.requestKey);
    }
    if (unanswered) {
      unanswered = false;
      return failure('GAME_PROVIDER_UNAVAILABLE');
    }
    return spinAnswer(request.requestKey, round, { balance: state.balance, replayed });
  });
  return { state };
}

async function openSlot() {
  const user = await openKind({ Kind: SlotKind, kind: 'slot', session: SESSION });
  await screen.findByLabelText('Bet per line');
  return user;
}

describe('slot of the provider’s client', () => {
  it('spins at the line bet picked: the reels, the winning lines, the amount and the seeds of the answer', async () => {
    const slot = fakeSlot();
    const user = await openSlot();
    await user.selectOptions(screen.getByLabelText('Bet per line'), String(500));
    expect(screen.getByTestId('slot-total-bet')).toHaveTextContent(`Total bet ${vnd(10_000)} (20 lines)`);
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    const win = await screen.findByTestId('slot-win');
    const round = winningRound(500);
    expect(win).toHaveTextContent(`You win ${vnd(round.totalWin)}`);
    expect(slot.state.spins).toEqual([{ lineBet: 500, requestKey: expect.any(String) }]);
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(1_000_000 - 10_000 + round.totalWin));
    // Every symbol in view has a name, as the answer's grid has it.
    const base = round.spins[0];
    if (!base) throw new Error('no base spin');
    const reel0 = within(screen.getByTestId('slot-reel-0')).getAllByRole('img');
    expect(reel0).toHaveLength(3);
    expect(within(screen.getByTestId('slot-reels')).getAllByRole('img')).toHaveLength(15);
    expect(screen.getAllByTestId('slot-line-win')).toHaveLength(base.lineWins.length);
    expect(screen.getByTestId('slot-seed-hash')).toHaveTextContent('c'.repeat(64));
  });

  it('sends a spin that got no answer again under the same key, and it is paid once', async () => {
    const slot = fakeSlot({ unansweredFirst: true });
    const user = await openSlot();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spin' }));
    await screen.findByTestId('slot-win');
    const [first, second] = slot.state.spins;
    expect(second?.requestKey).toBe(first?.requestKey);
    const round = winningRound(100);
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(1_000_000 - 2_000 + round.totalWin));
  });

  it('plays the free rounds in place of the spin, staking nothing, then gives the paid spin back', async () => {
    const grantId = '0b7c4f5e-1d2a-4e3b-8c9d-5a6b7c8d9e0f';
    const round = winningRound(150);
    const won = round.totalWin;
    on(calls.sandboxProviderSlot, slotState({ grantId, roundsLeft: 2, lineBet: 150 }));
    const answers = [
      { balance: SESSION.balance + won, freeRounds: { grantId, roundsLeft: 1, lineBet: 150 } },
      { balance: SESSION.balance + 2 * won, freeRounds: null },
    ];
    on(calls.sandboxProviderSlotSpin, ({ body }) => {
      const next = answers.shift();
      if (!next) return failure('BONUS_NOT_CLAIMABLE');
      return spinAnswer(body.requestKey, round, { ...next, replayed: false, stake: 0, free: true });
    });
    const user = await openKind({ Kind: SlotKind, kind: 'slot', session: SESSION });

    const offer = await screen.findByRole('region', { name: 'Free rounds' });
    expect(within(offer).getByRole('status')).toHaveTextContent('2 free rounds left');
    expect(offer).toHaveTextContent(`Each plays ${vnd(150)} a line (20 lines), at no cost to you`);
    // The free rounds come first: no line bet to pick, no paid spin.
    expect(screen.queryByLabelText('Bet per line')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Spin' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play a free round' }));
    expect(await screen.findByText('1 free round left')).toBeInTheDocument();
    expect(screen.getByTestId('slot-win')).toHaveTextContent(`You win ${vnd(won)}`);
    expect(screen.getByText('Free round: nothing was staked')).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(SESSION.balance + won));

    await user.click(screen.getByRole('button', { name: 'Play a free round' }));
    // None left: the line bet and the paid spin are back.
    expect(await screen.findByLabelText('Bet per line')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Free rounds' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(SESSION.balance + 2 * won));
    const sent = callsTo(calls.sandboxProviderSlotSpin).map(({ body }) => body);
    expect(sent).toEqual([
      { free: true, requestKey: expect.any(String) },
      { free: true, requestKey: expect.any(String) },
    ]);
    expect(sent[0]?.requestKey).not.toBe(sent[1]?.requestKey);
  });

  it('says when no free round is left after all, and gives the paid spin back', async () => {
    on(
      calls.sandboxProviderSlot,
      slotState({ grantId: '0b7c4f5e-1d2a-4e3b-8c9d-5a6b7c8d9e0f', roundsLeft: 1, lineBet: 100 }),
    );
    on(calls.sandboxProviderSlotSpin, failure('BONUS_NOT_CLAIMABLE', 409, { reason: 'NO_FREE_ROUNDS' }));
    const user = await openKind({ Kind: SlotKind, kind: 'slot', session: SESSION });
    await user.click(await screen.findByRole('button', { name: 'Play a free round' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no free rounds left');
    expect(screen.getByRole('button', { name: 'Spin' })).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(SESSION.balance));
  });
});
