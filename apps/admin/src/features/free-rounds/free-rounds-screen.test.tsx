import type { OperatorSelf } from '@kl/contracts/admin/auth';
import type { AdminGameProvider } from '@kl/contracts/admin/catalogue';
import type { FreeRoundsGrant, GrantFreeRoundsRequest } from '@kl/contracts/admin/free-rounds';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { FakeRoute } from '../../test/fake-api.ts';
import {
  adminCalls,
  answer,
  bodyOf,
  chooseOption,
  createOperator,
  failure,
  fillIn,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

const GRANTED: FreeRoundsGrant = {
  id: '5a0e7c1d-2b3f-4a5c-9d6e-7f8091a2b301',
  memberId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
  username: 'player01',
  providerCode: 'sandbox',
  gameId: '1009',
  gameName: 'Lucky Dragon',
  rounds: 10,
  roundValue: 5_000,
  value: 50_000,
  turnoverMultiple: 5,
  expiresAt: '2030-03-08T08:00:00.000Z',
  status: 'active',
  reason: 'Birthday gift',
  requestedBy: 'owner.one',
  decidedBy: null,
  createdAt: '2030-03-01T08:00:00.000Z',
  decidedAt: null,
  deliveredAt: '2030-03-01T08:00:01.000Z',
  deliveryError: null,
  won: 12_500,
};
/** Beyond the day's room: waiting for a second operator. */
const WAITING: FreeRoundsGrant = {
  ...GRANTED,
  id: '5a0e7c1d-2b3f-4a5c-9d6e-7f8091a2b302',
  username: 'player02',
  rounds: 200,
  roundValue: 100_000,
  value: 20_000_000,
  status: 'pending',
  requestedBy: 'owner.two',
  deliveredAt: null,
  won: 0,
};
/** Given, but the provider refused them. */
const UNDELIVERED: FreeRoundsGrant = {
  ...GRANTED,
  id: '5a0e7c1d-2b3f-4a5c-9d6e-7f8091a2b303',
  username: 'player03',
  status: 'undelivered',
  deliveredAt: null,
  deliveryError: 'provider timed out',
  won: 0,
};
const REJECTED: FreeRoundsGrant = {
  ...WAITING,
  id: '5a0e7c1d-2b3f-4a5c-9d6e-7f8091a2b304',
  username: 'player04',
  status: 'rejected',
  decidedBy: 'risk.one',
  decidedAt: '2030-03-01T09:00:00.000Z',
};
const ALL = [WAITING, UNDELIVERED, REJECTED, GRANTED];

const PROVIDERS: AdminGameProvider[] = [
  { code: 'sandbox', name: 'Sandbox slots', enabled: true },
  { code: 'retired', name: 'Retired provider', enabled: false },
];

const english = { [LANGUAGE_STORAGE_KEY]: 'en' };
const asOperator = (operator = createOperator('owner')) =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, operator));
const listing = (list: FreeRoundsGrant[]) =>
  on(adminCalls.adminFreeRounds, () =>
    answer(adminCalls.adminFreeRounds, { list, pageNo: 1, pageSize: 20, total: list.length }),
  );
const providerList = on(adminCalls.adminFreeRoundsProviders, () =>
  answer(adminCalls.adminFreeRoundsProviders, { list: PROVIDERS }),
);

/** What axe finds wrong under `root` (contrast is the end-to-end tests': jsdom lays nothing out). */
async function axeViolations(root: Element): Promise<string[]> {
  const { violations } = await axe.run(root, {
    resultTypes: ['violations'],
    rules: { 'color-contrast': { enabled: false } },
  });
  return violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.html).join(' | ')}`);
}

/** The row of a member's grant, once the list shows it. */
async function rowOf(username: string): Promise<HTMLElement> {
  const table = await screen.findByRole('table', { name: 'Free rounds granted' });
  return (await within(table).findByRole('link', { name: username })).closest('tr') as HTMLElement;
}

/** Clicks a row's decision, then Confirm in its question. */
async function confirmIn(user: User, row: HTMLElement, button: string, question: string) {
  await user.click(within(row).getByRole('button', { name: button }));
  const asked = await screen.findByRole('tooltip');
  expect(asked).toHaveTextContent(question);
  await user.click(within(asked).getByRole('button', { name: 'Confirm' }));
}

/**
 * Types each field of the grant form, by its label (a field with a default is emptied first); `Provider`
 * picks the provider's option when the form offers a list, and types its code otherwise.
 */
async function fillGrant(user: User, form: HTMLElement, fields: Record<string, string>) {
  for (const [label, text] of Object.entries(fields)) {
    const field = within(form).getByLabelText(label);
    if (field.getAttribute('role') === 'combobox') {
      await chooseOption(user, label, text);
      continue;
    }
    await user.clear(field);
    await fillIn(user, field, text);
  }
}

/** The screen as `operator` sees it with the grant form opened, and the fake server's `routes` besides. */
async function openGrantForm(operator: OperatorSelf, routes: FakeRoute[]) {
  const view = await renderAdmin('/free-rounds', {
    routes: [asOperator(operator), ...routes],
    storage: english,
  });
  await findHeading('Free rounds');
  await view.user.click(screen.getByRole('button', { name: 'Grant free rounds' }));
  return { ...view, form: await screen.findByRole('dialog', { name: 'Grant free rounds' }) };
}

describe('the free rounds screen', () => {
  it('lists the grants as the server orders them, with their statuses, filters them by status, and passes axe', async () => {
    const { user, api } = await renderAdmin('/free-rounds', {
      routes: [asOperator(), listing(ALL)],
      storage: english,
    });
    await findHeading('Free rounds');
    const given = await rowOf('player01');
    expect(within(given).getByRole('link', { name: 'player01' })).toHaveAttribute(
      'href',
      `/admin/members/${GRANTED.memberId}`,
    );
    expect(within(given).getByText('Lucky Dragon')).toBeVisible();
    expect(within(given).getByText('Id 1009')).toBeVisible();
    expect(within(given).getByText('10 × ₫5,000')).toBeVisible();
    expect(within(given).getByText('₫50,000')).toBeVisible();
    expect(within(given).getByText('×5')).toBeVisible();
    expect(within(given).getByText('With the provider')).toBeVisible();
    expect(within(given).getByText('₫12,500')).toBeVisible();
    expect(within(given).queryByRole('button')).toBeNull();

    const waiting = await rowOf('player02');
    expect(within(waiting).getByText('200 × ₫100,000')).toBeVisible();
    expect(within(waiting).getByText('₫20,000,000')).toBeVisible();
    expect(within(waiting).getByText('Waiting for approval')).toBeVisible();
    expect(within(waiting).getByText('owner.two')).toBeVisible();
    const undelivered = await rowOf('player03');
    expect(within(undelivered).getByText('Not delivered')).toBeVisible();
    expect(within(undelivered).getByText('The provider answered: provider timed out')).toBeVisible();
    const rejected = await rowOf('player04');
    expect(within(rejected).getByText('Rejected')).toBeVisible();
    expect(within(rejected).getByText('risk.one')).toBeVisible();
    expect(await axeViolations(document.body)).toEqual([]);

    await chooseOption(user, 'Status', 'Not delivered');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminFreeRounds).at(-1)?.url.searchParams.get('status')).toBe(
        'undelivered',
      ),
    );
  });

  it(
    'grants free rounds with one key per form, however often it is sent, and says how each went',
    { timeout: 30_000 },
    async () => {
      const answers: FreeRoundsGrant[] = [WAITING, GRANTED];
      let refuseFirst = true;
      const { user, api, form } = await openGrantForm(createOperator('owner'), [
        listing(ALL),
        providerList,
        on(adminCalls.adminGrantFreeRounds, (request) => {
          bodyOf(adminCalls.adminGrantFreeRounds, request);
          if (refuseFirst) {
            refuseFirst = false;
            return failure('SYSTEM_ERROR');
          }
          return answer(adminCalls.adminGrantFreeRounds, answers.shift() ?? UNDELIVERED);
        }),
      ]);
      expect(within(form).getByText(/beyond that room the grant waits for a second operator/)).toBeVisible();
      expect(within(form).getByLabelText('Turnover multiple')).toHaveValue('1');
      expect(within(form).getByLabelText('Valid days')).toHaveValue('7');
      expect(
        within(form).getByText("The game's id in the catalogue, as the Games screen shows it."),
      ).toBeVisible();

      await fillIn(user, within(form).getByLabelText('Member username'), ' player02 ');
      await user.click(within(form).getByRole('combobox', { name: 'Provider' }));
      // Only the providers switched on are offered.
      expect(
        await screen.findByText('Sandbox slots (sandbox)', { selector: '.ant-select-item-option-content' }),
      ).toBeVisible();
      expect(screen.queryByText('Retired provider (retired)')).toBeNull();
      await chooseOption(user, 'Provider', 'Sandbox slots (sandbox)');
      // The rounds left out for now.
      await fillGrant(user, form, {
        'Game id': '1009',
        'Value of one round (VND)': '100000',
        Reason: 'VIP weekend',
      });
      await user.click(within(form).getByRole('button', { name: 'Grant' }));
      // Said under the field, nothing sent.
      expect(await within(form).findByText('Please enter a number')).toBeVisible();
      expect(api.requestsOf(adminCalls.adminGrantFreeRounds)).toHaveLength(0);

      await fillIn(user, within(form).getByLabelText('Rounds'), '200');
      expect(await within(form).findByText('Value of the grant: ₫20,000,000')).toBeVisible();
      expect(await axeViolations(form)).toEqual([]);
      await user.click(within(form).getByRole('button', { name: 'Grant' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('System error');
      // Sent again from the same form: the same key, so the server makes one grant of both.
      await user.click(within(form).getByRole('button', { name: 'Grant' }));
      expect(
        await screen.findByText('The free rounds wait for a second operator to approve them.'),
      ).toBeInTheDocument();
      const sent = api
        .requestsOf(adminCalls.adminGrantFreeRounds)
        .map((request) => request.json as GrantFreeRoundsRequest);
      expect(sent).toHaveLength(2);
      const { idempotencyKey, ...first } = sent[0] ?? ({} as GrantFreeRoundsRequest);
      expect(first).toEqual({
        username: 'player02',
        providerCode: 'sandbox',
        gameId: '1009',
        rounds: 200,
        roundValue: 100_000,
        turnoverMultiple: 1,
        validDays: 7,
        reason: 'VIP weekend',
      });
      expect(idempotencyKey.length).toBeGreaterThanOrEqual(8);
      expect(sent[1]).toEqual(sent[0]);

      // A new form, a new key; within the day's room it is given at once.
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Grant free rounds' }));
      const again = await screen.findByRole('dialog', { name: 'Grant free rounds' });
      await fillGrant(user, again, {
        'Member username': 'player01',
        Provider: 'Sandbox slots (sandbox)',
        'Game id': '1009',
        Rounds: '10',
        'Value of one round (VND)': '5000',
        'Turnover multiple': '5',
        Reason: 'Birthday gift',
      });
      await user.click(within(again).getByRole('button', { name: 'Grant' }));
      expect(
        await screen.findByText('Free rounds given at once and handed to the provider.'),
      ).toBeInTheDocument();
      const third = api.requestsOf(adminCalls.adminGrantFreeRounds)[2]?.json as GrantFreeRoundsRequest;
      expect(third).toMatchObject({
        username: 'player01',
        rounds: 10,
        roundValue: 5_000,
        turnoverMultiple: 5,
      });
      expect(third.idempotencyKey).not.toBe(idempotencyKey);
    },
  );

  it('approves and rejects pending grants, shows a refusal, and sends an undelivered one again', async () => {
    const { user, api } = await renderAdmin('/free-rounds', {
      routes: [
        asOperator(),
        listing([WAITING, { ...WAITING, id: REJECTED.id, username: 'player04' }, UNDELIVERED]),
        on(adminCalls.adminDecideFreeRounds, (request) => {
          const { approve } = bodyOf(adminCalls.adminDecideFreeRounds, request);
          if (request.params.grantId === WAITING.id && approve)
            return answer(adminCalls.adminDecideFreeRounds, { ...WAITING, status: 'active' });
          if (approve) return failure('SECOND_APPROVER_REQUIRED');
          return answer(adminCalls.adminDecideFreeRounds, REJECTED);
        }),
        on(adminCalls.adminDeliverFreeRounds, () =>
          answer(adminCalls.adminDeliverFreeRounds, {
            ...UNDELIVERED,
            status: 'active',
            deliveryError: null,
          }),
        ),
      ],
      storage: english,
    });
    await findHeading('Free rounds');
    await confirmIn(user, await rowOf('player02'), 'Approve', 'Approve these free rounds for player02?');
    expect(
      await screen.findByText('The free rounds are with the provider: the member can play them.'),
    ).toBeInTheDocument();

    // The requester's own grant: the server refuses, the screen says why.
    await confirmIn(user, await rowOf('player04'), 'Approve', 'Approve these free rounds for player04?');
    expect(
      await screen.findByText('This needs an operator other than its requester to approve it'),
    ).toBeInTheDocument();
    await confirmIn(user, await rowOf('player04'), 'Reject', 'Reject these free rounds for player04?');
    expect(await screen.findByText('The free rounds were rejected.')).toBeInTheDocument();
    expect(
      api
        .requestsOf(adminCalls.adminDecideFreeRounds)
        .map((request) => [request.params.grantId, request.json]),
    ).toEqual([
      [WAITING.id, { approve: true }],
      [REJECTED.id, { approve: true }],
      [REJECTED.id, { approve: false }],
    ]);

    const undelivered = await rowOf('player03');
    expect(within(undelivered).queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(
      within(undelivered).getByRole('button', {
        name: 'Send the free rounds of player03 to the provider again',
      }),
    );
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminDeliverFreeRounds).map((request) => request.params)).toEqual([
        { grantId: UNDELIVERED.id },
      ]),
    );
    expect(
      await screen.findAllByText('The free rounds are with the provider: the member can play them.'),
    ).not.toHaveLength(0);
  });

  it('offers a promotions writer of the risk role the providers from the free rounds’ own list', async () => {
    const { user, api, form } = await openGrantForm(createOperator('risk'), [
      listing([]),
      providerList,
      on(adminCalls.adminGrantFreeRounds, () => answer(adminCalls.adminGrantFreeRounds, UNDELIVERED)),
    ]);
    await fillGrant(user, form, {
      'Member username': 'player03',
      Provider: 'Sandbox slots (sandbox)',
      'Game id': '1009',
      Rounds: '10',
      'Value of one round (VND)': '5000',
      Reason: 'Apology for downtime',
    });
    await user.click(within(form).getByRole('button', { name: 'Grant' }));
    expect(
      await screen.findByText(
        'The provider has not taken the free rounds yet: send them again from the list.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsOf(adminCalls.adminGrantFreeRounds)[0]?.json).toMatchObject({
      providerCode: 'sandbox',
    });
  });

  it('shows a reader the list without grant or decision buttons, in Vietnamese by default', async () => {
    await renderAdmin('/free-rounds', { routes: [asOperator(createOperator('finance')), listing(ALL)] });
    await findHeading('Lượt quay miễn phí');
    const table = await screen.findByRole('table', { name: 'Danh sách lượt quay miễn phí đã tặng' });
    expect(await within(table).findByText('Chờ duyệt')).toBeVisible();
    expect(within(table).getByText('Chưa chuyển được')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Tặng lượt quay miễn phí' })).toBeNull();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Thao tác' })).toBeNull();
  });
});
