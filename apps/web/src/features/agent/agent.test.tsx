import { act, screen, waitFor, within } from '@testing-library/react';
import { tapInDialog } from '../../test/dialogs.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentContractsCalls, type AgentContract } from '@kl/contracts/agent-contracts';
import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import en from '../../locales/en.json';
import { fakeContract } from './testing/fake-agent.ts';
import { openAgent } from './testing/open-agent.ts';

const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
const alert = en.agentContract.alert;
/** The dialog showing a text (a closing one may still be in the page while it animates out). */
const dialogWith = (text: string) =>
  waitFor(
    () => {
      const found = screen.getAllByRole('dialog').find((dialog) => dialog.textContent?.includes(text));
      if (!found) throw new Error(`No dialog with ${text}`);
      return found;
    },
    { timeout: 3000 },
  );
const asked = () => callsTo(agentContractsCalls.contractRequests).length;
/** The member's answers to contracts, as sent. */
const answers = () => [
  ...callsTo(agentContractsCalls.acceptContract).map(({ body }) => ({ ...body, answer: 'accept' })),
  ...callsTo(agentContractsCalls.refuseContract).map(({ body }) => ({ ...body, answer: 'refuse' })),
];
/** The server takes the member's answer: the contract is `status` from then on. */
const answerWith = (server: { contracts: AgentContract[] }, status: 'accepted' | 'refused') => () => {
  const answered = { ...server.contracts[0]!, status, answeredAt: '2030-03-01T09:30:00.000Z' };
  server.contracts = [answered];
  return answered;
};
const SALARY_PATH = '/m/member/agent/getSalaryContract?lang=en';

/**
 * Lets the check run if it were going to: the clock moves past its idle start, its code (and that of
 * its alerts) is loaded, and the page renders what follows (act: React's work is flushed), the call made
 * and its answer shown.
 */
const settle = async () => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(2_000);
    await Promise.all([import('./components/contract-check.tsx'), import('../../shared/ui/dialog.ts')]);
  });
  await act(() => vi.advanceTimersByTimeAsync(500));
};

describe('contract check on home load (product.md §4, §6 Agent)', () => {
  // The check starts when the browser is idle (at the latest 2 s after the page loaded): a fake clock
  // moves past that at once. Only timeouts are faked: the dialogs animate on the real clock and frames.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one alert per waiting kind; "later" goes to the next one', async () => {
    await openAgent({
      path: '/m/home?lang=en',
      contracts: [fakeContract('salary'), fakeContract('hourly')],
    });
    const first = await dialogWith(alert.content.salary);
    expect(within(first).getByText(alert.title.salary)).toBeInTheDocument();
    await tapInDialog(first, alert.later);

    const second = await dialogWith(alert.content.hourly);
    expect(within(second).getByText(alert.title.hourly)).toBeInTheDocument();
    expect(screen.queryByText(alert.content.dividend)).toBeNull();
    await tapInDialog(second, alert.later);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/m/home');
    expect(asked()).toBe(1);
  });

  it('"view" opens the contract screen of that kind; back home, no second check', async () => {
    await openAgent({ path: '/m/home?lang=en', contracts: [fakeContract('dividend')] });
    const dialog = await dialogWith(alert.content.dividend);
    expect(within(dialog).getByText(alert.title.dividend)).toBeInTheDocument();
    await tapInDialog(dialog, alert.view);
    await waitFor(() => expect(window.location.pathname).toBe('/m/member/agent/getDevidendContract'));
    expect(
      await screen.findByRole('heading', { name: en.agentContract.kind.dividend, level: 2 }),
    ).toBeInTheDocument();
    // The alert has finished closing.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked()).toBe(1);
  });

  it.each([
    ['AGENTPOLICY3 is off', { agentPolicy: false }],
    ['a visitor', { type: null }],
    ['a trial member', { type: 4 }],
    ['type 40', { type: 40 }],
    ['type 41', { type: 41 }],
    ['type 42', { type: 42 }],
  ] as const)('does not run for %s', async (_name, options) => {
    await openAgent({
      path: '/m/home?lang=en',
      contracts: [fakeContract('salary')],
      ...options,
    });
    await settle();
    expect(asked()).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([0, 1, 2])('runs for type %i and shows nothing when nothing waits', async (type) => {
    await openAgent({
      path: '/m/home?lang=en',
      type,
      contracts: [fakeContract('salary', { status: 'accepted', answeredAt: '2030-03-01T09:00:00.000Z' })],
    });
    await waitFor(() => expect(asked()).toBe(1), { timeout: 3000 });
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('contract screens (product.md §2 member/agent)', () => {
  it('shows the terms of a daily salary contract and accepts it once, after confirming', async () => {
    const { page, server, user } = await openAgent({
      path: SALARY_PATH,
      contracts: [fakeContract('salary')],
    });
    on(agentContractsCalls.acceptContract, answerWith(server, 'accepted'));
    const table = await within(page).findByRole('table', { name: en.agentContract.terms.caption });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      [
        en.agentContract.terms.tier,
        en.agentContract.terms.minTurnoverDay,
        en.agentContract.terms.minActive,
        en.agentContract.terms.salaryDay,
      ],
      ['1', vnd(10_000_000), '5', vnd(200_000)],
      ['2', vnd(50_000_000), '10', vnd(1_200_000)],
    ]);
    expect(within(page).getByRole('status')).toHaveTextContent(en.agentContract.status.pending);
    expect(within(page).getByText('operator')).toBeInTheDocument();

    // Cancelling the confirmation sends nothing.
    await user.click(within(page).getByRole('button', { name: en.agentContract.accept }));
    const dialog = await dialogWith(en.agentContract.confirm.acceptTitle);
    await tapInDialog(dialog, en.agentContract.cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers()).toEqual([]);

    await user.click(within(page).getByRole('button', { name: en.agentContract.accept }));
    await tapInDialog(await dialogWith(en.agentContract.confirm.acceptTitle), en.agentContract.accept);
    expect(await screen.findByText(en.agentContract.result.accept)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(page).getByRole('status')).toHaveTextContent(en.agentContract.status.accepted),
    );
    expect(within(page).queryByRole('button', { name: en.agentContract.accept })).toBeNull();
    expect(within(page).queryByRole('button', { name: en.agentContract.refuse })).toBeNull();
    expect(answers()).toEqual([{ contractId: fakeContract('salary').id, answer: 'accept' }]);
  });

  it('refuses a dividend contract and shows its period and percentages', async () => {
    const { page, server, user } = await openAgent({
      path: '/m/member/agent/getDevidendContract?lang=en',
      contracts: [fakeContract('dividend')],
    });
    on(agentContractsCalls.refuseContract, answerWith(server, 'refused'));
    const table = await within(page).findByRole('table');
    expect(within(table).getByText('12.5%')).toBeInTheDocument();
    expect(within(table).getByText(vnd(20_000_000))).toBeInTheDocument();
    expect(within(page).getByText(en.agentContract.periods.half_month)).toBeInTheDocument();

    await user.click(within(page).getByRole('button', { name: en.agentContract.refuse }));
    await tapInDialog(await dialogWith(en.agentContract.confirm.refuseTitle), en.agentContract.refuse);
    expect(await screen.findByText(en.agentContract.result.refuse)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(page).getByRole('status')).toHaveTextContent(en.agentContract.status.refused),
    );
    expect(answers()).toHaveLength(1);
  });

  it('shows an hourly contract already answered, without buttons', async () => {
    const { page } = await openAgent({
      path: '/m/member/agent/getHourContract?lang=en',
      contracts: [fakeContract('hourly', { status: 'refused', answeredAt: '2030-03-01T09:00:00.000Z' })],
    });
    const table = await within(page).findByRole('table');
    expect(within(table).getByText(vnd(2_000_000))).toBeInTheDocument();
    expect(within(table).getByText(vnd(20_000))).toBeInTheDocument();
    expect(within(page).getByRole('status')).toHaveTextContent(en.agentContract.status.refused);
    expect(within(page).getByText(en.agentContract.answeredAt)).toBeInTheDocument();
    expect(within(page).queryByRole('button')).toBeNull();
  });

  it('sends a trial member home with free_reject, asking nothing', async () => {
    await openAgent({ path: SALARY_PATH, type: 4, contracts: [fakeContract('salary')] });
    expect(await screen.findByText(en.free_reject)).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/m/home'));
    expect(asked()).toBe(0);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the empty state when there is no contract of the kind', async () => {
    const { page } = await openAgent({ path: SALARY_PATH, contracts: [fakeContract('hourly')] });
    expect(await within(page).findByTestId('empty-state')).toHaveTextContent(en.in_no_data);
  });

  it('tells the member when the contract was answered meanwhile, and shows it as it is now', async () => {
    const { page, server, user } = await openAgent({
      path: SALARY_PATH,
      contracts: [fakeContract('salary')],
    });
    await within(page).findByRole('table');
    // The operator offered another contract meanwhile: the one shown is closed.
    server.contracts = [
      fakeContract('salary', { status: 'superseded' }),
      fakeContract('salary', { id: '00000000-0000-4000-8000-000000000009', offeredBy: 'upline01' }),
    ];
    on(agentContractsCalls.acceptContract, failure('CONTRACT_CLOSED', 409, { status: 'superseded' }));
    await user.click(within(page).getByRole('button', { name: en.agentContract.accept }));
    await tapInDialog(await dialogWith(en.agentContract.confirm.acceptTitle), en.agentContract.accept);
    expect(await screen.findByText(ERROR_MESSAGES.en.CONTRACT_CLOSED)).toBeInTheDocument();
    expect(await within(page).findByText('upline01')).toBeInTheDocument();
    // Asked for when the screen opened, and again after the refusal: not again when it was shown.
    expect(callsTo(agentContractsCalls.agentContract)).toHaveLength(2);
  });
});
