import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, dayOf, dayStart } from './lib/date-range.ts';
import { gameRecordsCalls } from '@kl/contracts/game-records';
import { walletCalls } from '@kl/contracts/wallet';
import { callsTo, on } from '../../test/fake-api.ts';
import { pageOf } from '../../test/fake-data.ts';
import { gameRound, recordsPage, transaction } from './testing/fake-member.ts';
import { openMember } from './testing/open-member.ts';

const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
const asked = () => callsTo(walletCalls.walletTransactions).map(({ query }) => query);
const today = () => dayOf(new Date());
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
/** Earlier today (the site's day): an hour ago, or just after midnight when the day is younger than that. */
const earlierToday = () =>
  new Date(Math.max(Date.now() - 3_600_000, Date.parse(dayStart(today())) + 1_000)).toISOString();
/** The query of a list's first page over the last 7 days (the default period). */
const lastWeekFirstPage = () => ({
  pageNo: '1',
  pageSize: '20',
  from: dayStart(addDays(today(), -6)),
  to: dayStart(addDays(today(), 1)),
});

describe('transaction history (/m/member/history)', () => {
  it('lists the last 7 days with kind, signed amount, balance after, time and reference', async () => {
    const { page } = await openMember({
      path: '/m/member/history?lang=en',
      transactions: [
        transaction({
          kind: 'withdrawal_hold',
          amount: 200_000,
          availableChange: -200_000,
          heldChange: 200_000,
          balanceAfter: 300_000,
          reference: 'withdrawal:w-1',
          createdAt: hoursAgo(1),
        }),
        transaction({
          kind: 'deposit',
          availableChange: 500_000,
          balanceAfter: 500_000,
          reference: 'deposit:o-1',
          createdAt: hoursAgo(2),
        }),
      ],
    });
    const lines = await within(page).findAllByTestId('history-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Withdrawal requested');
    expect(lines[0]).toHaveTextContent(`\u2212${vnd(200_000)}`);
    expect(lines[0]).toHaveTextContent(`Balance after${vnd(300_000)}`);
    expect(lines[0]).toHaveTextContent('withdrawal:w-1');
    expect(lines[1]).toHaveTextContent('Deposit');
    expect(lines[1]).toHaveTextContent(`+${vnd(500_000)}`);
    expect(within(lines[1]!).getByText(/\d\d:\d\d \d\d\/\d\d\/\d{4}/)).toBeInTheDocument();

    const [first] = asked();
    expect(first).toEqual(lastWeekFirstPage());
  });

  it("names an agent's commission", async () => {
    const { page } = await openMember({
      path: '/m/member/history?lang=en',
      transactions: [
        transaction({
          kind: 'agent_commission',
          amount: 150_000,
          availableChange: 150_000,
          reference: 'agent:salary:2026-11-23',
        }),
      ],
    });
    const [line] = await within(page).findAllByTestId('history-line');
    expect(line).toHaveTextContent('Agent commission');
    expect(line).toHaveTextContent(`+${vnd(150_000)}`);
  });

  it("names a game's transaction by its game and round, not by the ledger's reference", async () => {
    const { page } = await openMember({
      path: '/m/member/history?lang=en',
      transactions: [
        transaction({
          kind: 'bet',
          amount: 20_000,
          availableChange: -20_000,
          reference: 'provider-round:sandbox:7d1f0c9e',
          game: { name: 'Dragon Coins', round: '7d1f0c9e' },
        }),
        transaction({
          kind: 'win',
          reference: 'lottery-bet:5',
          game: { name: 'Siêu Tốc 1 Phút', round: null },
        }),
      ],
    });
    const [bet, win] = await within(page).findAllByTestId('history-line');
    expect(bet).toHaveTextContent('GameDragon Coins · round 7d1f0c9e');
    expect(bet).not.toHaveTextContent('provider-round');
    expect(win).toHaveTextContent('GameSiêu Tốc 1 Phút');
    expect(win).not.toHaveTextContent('lottery-bet');
  });

  it('filters by kind and by period: each change asks the server again', async () => {
    // The server has one deposit, none of the other kinds.
    const deposits = [transaction({ kind: 'deposit', createdAt: earlierToday() })];
    on(walletCalls.walletTransactions, ({ query }) => pageOf(query.kind ? [] : deposits, query));
    const { page, user } = await openMember({ path: '/m/member/history?lang=en' });
    await within(page).findByTestId('history-line');

    await user.selectOptions(within(page).getByLabelText('Type'), 'Withdrawals');
    expect(await within(page).findByTestId('empty-state')).toHaveTextContent('No data');
    expect(asked().at(-1)?.kind).toBe('withdrawal_hold,withdrawal_release,withdrawal_paid');

    await user.selectOptions(within(page).getByLabelText('Type'), 'Bets and wins');
    await waitFor(() => expect(asked().at(-1)?.kind).toBe('bet,win,game_round,jackpot_win'));

    await user.selectOptions(within(page).getByLabelText('Type'), 'All');
    await user.selectOptions(within(page).getByLabelText('Period'), 'Today');
    await within(page).findByTestId('history-line');
    expect(asked().at(-1)).toMatchObject({
      from: dayStart(today()),
      to: dayStart(addDays(today(), 1)),
    });
    expect(asked().at(-1)?.kind).toBeUndefined();
  });

  it('takes custom days and refuses a range that ends before it starts', async () => {
    const { page, user } = await openMember({ path: '/m/member/history?lang=en' });
    await within(page).findByTestId('empty-state');
    await user.selectOptions(within(page).getByLabelText('Period'), 'Choose dates');
    const from = within(page).getByLabelText('From');
    const to = within(page).getByLabelText('To');
    const askedBefore = asked().length;

    await user.clear(from);
    await user.type(from, '2030-03-06');
    await user.clear(to);
    await user.type(to, '2030-03-05');
    expect(await within(page).findByRole('alert')).toHaveTextContent(
      'The first day must not be after the last day',
    );
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(asked().every((query) => query.from !== '2030-03-06T00:00:00+07:00')).toBe(true);

    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.clear(to);
    await user.type(to, '2026-01-31');
    await waitFor(() =>
      expect(asked().at(-1)).toMatchObject({
        from: '2026-01-01T00:00:00+07:00',
        to: '2026-02-01T00:00:00+07:00',
      }),
    );
    expect(asked().length).toBeGreaterThan(askedBefore);
  });

  it('pages: load more appends the next page until everything is shown', async () => {
    const transactions = Array.from({ length: 25 }, (_, index) =>
      transaction({ reference: `deposit:page-${index + 1}`, createdAt: hoursAgo(index + 1) }),
    );
    const { page, user } = await openMember({ path: '/m/member/history?lang=en', transactions });
    expect(await within(page).findAllByTestId('history-line')).toHaveLength(20);
    await user.click(within(page).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(page).getAllByTestId('history-line')).toHaveLength(25));
    expect(within(page).getByText('That is everything')).toBeInTheDocument();
    expect(asked().at(-1)?.pageNo).toBe('2');
    expect(screen.getAllByText('deposit:page-25')).toHaveLength(1);
  });
});

describe('game records (/m/member/gameRecords)', () => {
  it('shows the empty state when nothing was played', async () => {
    const { page } = await openMember({ path: '/m/member/gameRecords?lang=en' });
    expect(await within(page).findByTestId('empty-state')).toHaveTextContent('No data');
    expect(callsTo(gameRecordsCalls.gameRecords)[0]?.query).toEqual(lastWeekFirstPage());
  });

  it('lists the rounds with the totals, and filters by game type', async () => {
    const fish = gameRound({
      gameName: 'Golden Fish',
      gameType: 'FISH',
      stake: 50_000,
      payout: 120_000,
      createdAt: hoursAgo(1),
    });
    const slot = gameRound({
      gameName: 'Lucky Slot',
      gameType: 'RNG',
      stake: 20_000,
      createdAt: hoursAgo(2),
    });
    on(gameRecordsCalls.gameRecords, ({ query }) =>
      query.gameType === 'RNG'
        ? recordsPage([slot], query, 20_000)
        : recordsPage([fish, slot], query, 70_000, 120_000),
    );
    const { page, user } = await openMember({ path: '/m/member/gameRecords?lang=en' });
    const lines = await within(page).findAllByTestId('game-record-line');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Golden Fish');
    expect(lines[0]).toHaveTextContent(`+${vnd(70_000)}`);
    expect(lines[0]).toHaveTextContent('Fishing · BGS');
    expect(lines[1]).toHaveTextContent(`\u2212${vnd(20_000)}`);
    const totals = within(page).getByTestId('game-record-totals');
    expect(totals).toHaveTextContent(`Rounds2`);
    expect(totals).toHaveTextContent(`Stake${vnd(70_000)}`);
    expect(totals).toHaveTextContent(`Payout${vnd(120_000)}`);
    expect(totals).toHaveTextContent(`Win/loss+${vnd(50_000)}`);

    await user.selectOptions(within(page).getByLabelText('Game type'), 'Slots');
    await waitFor(() => expect(within(page).getAllByTestId('game-record-line')).toHaveLength(1));
    expect(within(page).getByTestId('game-record-line')).toHaveTextContent('Lucky Slot');
    expect(callsTo(gameRecordsCalls.gameRecords).at(-1)?.query.gameType).toBe('RNG');
    expect(within(page).getByTestId('game-record-totals')).toHaveTextContent(`Win/loss\u2212${vnd(20_000)}`);
  });

  it('pages with load more', async () => {
    const records = Array.from({ length: 21 }, (_, index) =>
      gameRound({ roundId: `P${index + 1}`, createdAt: hoursAgo(index + 1) }),
    );
    const { page, user } = await openMember({ path: '/m/member/gameRecords?lang=en', records });
    expect(await within(page).findAllByTestId('game-record-line')).toHaveLength(20);
    await user.click(within(page).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(page).getAllByTestId('game-record-line')).toHaveLength(21));
    expect(within(page).getByText('P21')).toBeInTheDocument();
  });
});
