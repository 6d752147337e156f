import { sandboxProviderCalls as calls } from '@kl/contracts/sandbox-provider';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, on } from '../../../../test/fake-api.ts';
import { kindSession, openKind, vnd } from '../../testing/open-kind.tsx';
import FishingKind from '../fishing.tsx';

const SESSION = kindSession({ balance: 100_000, gameId: 'FISH-1' });

/** The fishing call as the provider answers it: the shots script which fish (if any) each one catches. */
function fakeSea(catches: ({ fish: string; multiplier: number } | null)[]) {
  const state = { balance: SESSION.balance, shots: [] as number[] };
  on(calls.sandboxProviderFishingShot, ({ body: { cannonCost } }) => {
    if (cannonCost > state.balance) return failure('INSUFFICIENT_BALANCE');
    const caught = catches[state.shots.length] ?? null;
    state.shots.push(cannonCost);
    const returned = caught ? cannonCost * caught.multiplier : 0;
    state.balance += returned - cannonCost;
    return {
      shotId: `shot-${state.shots.length}`,
      cannonCost,
      fish: caught?.fish ?? null,
      multiplier: caught?.multiplier ?? 0,
      returned,
      fairness: { serverSeedHash: 'b'.repeat(64), clientSeed: 'cannon', nonce: 0, serverSeed: 'sea-seed' },
      balance: state.balance,
    };
  });
  return { state };
}

const openSea = () => openKind({ Kind: FishingKind, kind: 'fishing', session: SESSION });

describe('fishing of the provider’s client', () => {
  it('fires one shot per tap at the chosen cannon; a catch shows the fish and the win, and the balance moves', async () => {
    const sea = fakeSea([{ fish: 'shark', multiplier: 50 }, null]);
    const user = await openSea();
    const cannons = screen.getByRole('group', { name: 'Cannon cost' });
    expect(cannons).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: vnd(500) }));
    expect(screen.getByRole('button', { name: vnd(500) })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: `Shoot into the sea (${vnd(500)} a shot)` }));
    expect(await screen.findByTestId('fishing-result')).toHaveTextContent(
      `You caught a shark ×50: you win ${vnd(25_000)}`,
    );
    expect(sea.state.shots).toEqual([500]);
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(100_000 - 500 + 25_000));
    expect(screen.getByText('sea-seed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Shoot into the sea (${vnd(500)} a shot)` }));
    expect(await screen.findByText(`Missed: ${vnd(500)} spent`)).toBeInTheDocument();
    expect(sea.state.shots).toEqual([500, 500]);
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(100_000 - 1_000 + 25_000));
  });

  it('shows the refusal when the balance does not cover the cannon', async () => {
    const sea = fakeSea([]);
    sea.state.balance = 50;
    const user = await openSea();
    await user.click(screen.getByRole('button', { name: `Shoot into the sea (${vnd(100)} a shot)` }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(100_000));
  });
});
