import {
  sandboxProviderCalls as calls,
  type SandboxMatch,
  type SandboxPlaceSlipRequest,
  type SandboxSlip,
} from '@kl/contracts/sandbox-provider';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { failure, on } from '../../../../test/fake-api.ts';
import { kindSession, openKind, vnd } from '../../testing/open-kind.tsx';
import SportsKind from '../sports.tsx';

const SESSION = kindSession({ balance: 100_000, gameId: 'SBK-1' });
const fairness = { serverSeedHash: 'a'.repeat(64), clientSeed: 'client', nonce: 0, serverSeed: null };

function match(id: string, home: string, away: string, prices: [number, number, number]): SandboxMatch {
  const kickOff = new Date(Date.now() + 10 * 60_000);
  return {
    matchId: id,
    sport: 'football',
    home: { id: `${id}-h`, name: home },
    away: { id: `${id}-a`, name: away },
    kickOff: kickOff.toISOString(),
    endsAt: new Date(kickOff.getTime() + 5 * 60_000).toISOString(),
    status: 'open',
    markets: [
      {
        id: `${id}:1x2`,
        key: { kind: '1x2' },
        selections: [
          { pick: 'home', oddsBp: prices[0] },
          { pick: 'draw', oddsBp: prices[1] },
          { pick: 'away', oddsBp: prices[2] },
        ],
      },
    ],
    score: null,
    fairness,
  };
}

/** The sports calls of the provider as the book answers them; slips placed are kept in `placed`. */
function fakeBook(
  options: {
    slips?: SandboxSlip[];
    cashOutClosed?: boolean;
    paidOnNextPlace?: number;
    /** The first match's kick-off (ISO), instead of ten minutes from now. */
    firstKickOff?: string;
  } = {},
) {
  const state = {
    balance: SESSION.balance,
    placed: [] as SandboxPlaceSlipRequest[],
    cashOuts: [] as string[],
    slips: [...(options.slips ?? [])],
  };
  const matches = [
    match('m1', 'Hanoi FC', 'Saigon FC', [19_500, 32_000, 38_000]),
    match('m2', 'Hai Phong', 'Da Nang', [21_000, 30_000, 25_000]),
    { ...match('e1', 'Team Flash', 'GAM', [18_000, 0, 19_000]), sport: 'lol' as const },
  ];
  if (options.firstKickOff) Object.assign(matches[0] as SandboxMatch, { kickOff: options.firstKickOff });
  let settleEarlier = false;
  on(calls.sandboxProviderMatches, () => ({ now: new Date().toISOString(), matches }));
  on(calls.sandboxProviderSlips, () => {
    const earlier = state.slips.find((slip) => slip.slipId === 'slip-earlier');
    if (settleEarlier && earlier && options.paidOnNextPlace !== undefined) {
      // After the placement the match of the earlier slip ended: the book settled it and paid the wallet.
      settleEarlier = false;
      Object.assign(earlier, { status: 'settled', outcome: 'won', returned: options.paidOnNextPlace });
      state.balance += options.paidOnNextPlace;
    }
    return { slips: state.slips };
  });
  on(calls.sandboxProviderBalance, () => ({ currency: 'VND', balance: state.balance }));
  on(calls.sandboxProviderPlaceSlip, ({ body: request }) => {
    state.placed.push(request);
    if (request.stake > state.balance) return failure('INSUFFICIENT_BALANCE');
    state.balance -= request.stake;
    settleEarlier = options.paidOnNextPlace !== undefined;
    const slip: SandboxSlip = {
      slipId: `slip-${state.placed.length}`,
      kind: request.legs.length === 1 ? 'single' : 'accumulator',
      stake: request.stake,
      legs: request.legs.map((leg) => ({ ...leg, result: 'pending' })),
      potentialReturn: 0,
      status: 'open',
      outcome: null,
      returned: null,
      placedAt: new Date().toISOString(),
    };
    state.slips.unshift(slip);
    return { slip, balance: state.balance };
  });
  on(calls.sandboxProviderCashOut, ({ body: { slipId } }) => {
    state.cashOuts.push(slipId);
    if (options.cashOutClosed) return failure('CASH_OUT_CLOSED');
    return failure('NOT_FOUND');
  });
  return { state };
}

async function openBook() {
  const user = await openKind({ Kind: SportsKind, kind: 'sports', session: SESSION });
  await screen.findByText('Hanoi FC vs Saigon FC');
  return user;
}

const price = (pick: string, odds: string) => screen.getByRole('button', { name: `${pick}, odds ${odds}` });
const stakeInput = () => screen.getByLabelText('Stake (VND)');

beforeEach(() => {
  window.sessionStorage.clear();
});

/** A single on the first match, placed earlier and still open (`slipId`: 'slip-earlier' unless told). */
const openSlip = (slipId = 'slip-earlier'): SandboxSlip => ({
  slipId,
  kind: 'single',
  stake: 10_000,
  legs: [{ matchId: 'm1', market: { kind: '1x2' }, pick: 'home', oddsBp: 19_500, result: 'pending' }],
  potentialReturn: 19_500,
  status: 'open',
  outcome: null,
  returned: null,
  placedAt: new Date().toISOString(),
});

describe('sports book of the provider’s client', () => {
  it('places a single: one pick, the stake typed, the leg at the price shown', async () => {
    const book = fakeBook();
    const user = await openBook();
    // Only football in the sports book.
    expect(screen.queryByText('Team Flash vs GAM')).toBeNull();
    await user.click(price('Hanoi FC', '1.95'));
    expect(price('Hanoi FC', '1.95')).toHaveAttribute('aria-pressed', 'true');
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    expect(within(slip).getByTestId('slip-kind')).toHaveTextContent('Single');
    await user.type(stakeInput(), '10000');
    expect(within(slip).getByTestId('slip-return')).toHaveTextContent(`Potential return ${vnd(19_500)}`);
    await user.click(within(slip).getByRole('button', { name: 'Place bet' }));
    await screen.findByText('Your bet is placed.');
    expect(book.state.placed).toEqual([
      { stake: 10_000, legs: [{ matchId: 'm1', market: { kind: '1x2' }, pick: 'home', oddsBp: 19_500 }] },
    ]);
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(90_000));
    const mine = await screen.findByTestId('my-slip');
    expect(mine).toHaveTextContent(`Single · stake ${vnd(10_000)}`);
    expect(within(mine).getByTestId('slip-status')).toHaveTextContent('Open');
  });

  it('places an accumulator of two matches at the product of their prices', async () => {
    const book = fakeBook();
    const user = await openBook();
    await user.click(price('Hanoi FC', '1.95'));
    await user.click(price('Da Nang', '2.50'));
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    expect(within(slip).getByTestId('slip-kind')).toHaveTextContent('Accumulator of 2 legs');
    expect(within(slip).getByTestId('slip-odds')).toHaveTextContent('Total odds 4.88');
    // A second pick of the same match takes the first one's place.
    await user.click(price('Draw', '3.00'));
    await user.click(price('Da Nang', '2.50'));
    expect(within(slip).getByTestId('slip-kind')).toHaveTextContent('Accumulator of 2 legs');
    await user.type(stakeInput(), '20000');
    expect(within(slip).getByTestId('slip-return')).toHaveTextContent(vnd(97_500));
    await user.click(within(slip).getByRole('button', { name: 'Place bet' }));
    await screen.findByText('Your bet is placed.');
    expect(book.state.placed).toEqual([
      {
        stake: 20_000,
        legs: [
          { matchId: 'm1', market: { kind: '1x2' }, pick: 'home', oddsBp: 19_500 },
          { matchId: 'm2', market: { kind: '1x2' }, pick: 'away', oddsBp: 25_000 },
        ],
      },
    ]);
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(80_000));
  });

  it('refuses a stake that is not a whole amount or below the minimum, sending nothing', async () => {
    const book = fakeBook();
    const user = await openBook();
    await user.click(price('Hanoi FC', '1.95'));
    await user.type(stakeInput(), '7O');
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole amount in digits.'),
    );
    expect(stakeInput()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(stakeInput());
    await user.type(stakeInput(), '500');
    await user.click(screen.getByRole('button', { name: 'Place bet' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(`The stake must be at least ${vnd(1_000)}.`),
    );
    expect(book.state.placed).toEqual([]);
  });

  it('shows the wallet’s balance again once a slip of mine is paid', async () => {
    const book = fakeBook({ slips: [openSlip()], paidOnNextPlace: 19_500 });
    const user = await openBook();
    expect(within(await screen.findByTestId('my-slip')).getByTestId('slip-status')).toHaveTextContent('Open');
    await user.click(price('Hai Phong', '2.10'));
    await user.type(stakeInput(), '10000');
    await user.click(
      within(screen.getByRole('region', { name: 'Bet slip' })).getByRole('button', { name: 'Place bet' }),
    );
    // 100 000 − 10 000 staked now, + 19 500 paid for the earlier slip: asked of the wallet when it turned settled.
    await waitFor(() => expect(screen.getByTestId('balance')).toHaveTextContent(vnd(109_500)));
    expect(book.state.balance).toBe(109_500);
  });

  it('says clearly that cash-out is closed once the first match has kicked off', async () => {
    const book = fakeBook({ slips: [openSlip('slip-open')], cashOutClosed: true });
    const user = await openBook();
    const mine = await screen.findByTestId('my-slip');
    await user.click(within(mine).getByRole('button', { name: 'Cash out' }));
    expect(
      await screen.findByText('Cash-out is closed: the first match of this bet has kicked off.'),
    ).toHaveAttribute('role', 'alert');
    expect(book.state.cashOuts).toEqual(['slip-open']);
    expect(screen.getByTestId('balance')).toHaveTextContent(vnd(100_000));
  });

  it('shows a kick-off in the merchant’s time, naming its zone on a phone elsewhere', async () => {
    // 16:25 UTC is 23:25 in Vietnam, the merchant's zone; the device's own zone does not move it.
    const kickOff = '2030-01-02T16:25:00.000Z';
    fakeBook({ firstKickOff: kickOff });
    await openBook();
    const [first] = screen.getAllByTestId('sports-match');
    const deviceInVietnam = new Date(kickOff).getTimezoneOffset() === -420;
    const time = within(first as HTMLElement).getByText(
      deviceInVietnam ? '23:25 02/01/2030' : '23:25 02/01/2030 (GMT+7)',
    );
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', kickOff);
  });

  it('lists the e-sports matches in the e-sports book', async () => {
    fakeBook();
    await openKind({ Kind: SportsKind, kind: 'esports', session: SESSION });
    expect(await screen.findByText('Team Flash vs GAM')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Hanoi FC vs Saigon FC')).toBeNull());
  });
});
