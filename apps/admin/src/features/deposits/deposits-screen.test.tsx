import type { AdminDeposit } from '@kl/contracts/admin/money';
import type { StatementUploadResult, UnmatchedStatementLine } from '@kl/contracts/admin/payments';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  captureDownloads,
  chooseOption,
  createOperator,
  csvFile,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  onFile,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const me = createOperator('finance');
const other = { id: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f', username: 'finance.two' };

function order(overrides: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    orderId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
    memberId: '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    username: 'player01',
    amount: 250_000,
    currency: 'VND',
    status: 'pending',
    channel: 'bank-transfer',
    gatewayReference: null,
    createdAt: '2026-11-29T08:00:00.000Z',
    paidAt: null,
    referenceCode: 'KLABCD2345',
    confirmation: null,
    failureReason: null,
    ...overrides,
  };
}

const ordersRoute = (list: AdminDeposit[]) =>
  on(adminCalls.adminDeposits, () =>
    answer(adminCalls.adminDeposits, { list, pageNo: 1, pageSize: 20, total: list.length }),
  );
const base = [
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, me)),
  on(adminCalls.adminUnmatchedStatementLines, () =>
    answer(adminCalls.adminUnmatchedStatementLines, { list: [], pageNo: 1, pageSize: 20, total: 0 }),
  ),
];

describe('the deposits screen', () => {
  it('uploads a statement and shows each line’s result and the unmatched lines', async () => {
    const result: StatementUploadResult = {
      uploadId: 7,
      fileName: 'acb.csv',
      lines: [
        {
          lineNo: 2,
          outcome: 'matched',
          date: '2026-11-29',
          amount: 250_000,
          description: 'CT KLABCD2345',
          transactionId: 'FT1',
          referenceCode: 'KLABCD2345',
          orderId: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
          orderAmount: null,
          problem: null,
        },
        {
          lineNo: 3,
          outcome: 'no_order',
          date: '2026-11-29',
          amount: 90_000,
          description: 'CHUYEN TIEN',
          transactionId: 'FT2',
          referenceCode: null,
          orderId: null,
          orderAmount: null,
          problem: null,
        },
        {
          lineNo: 4,
          outcome: 'malformed',
          date: null,
          amount: null,
          description: null,
          transactionId: null,
          referenceCode: null,
          orderId: null,
          orderAmount: null,
          problem: 'DATE',
        },
      ],
      counts: {
        matched: 1,
        awaiting_second_approval: 0,
        already_credited: 0,
        amount_differs: 0,
        no_order: 1,
        order_closed: 0,
        duplicate: 0,
        not_credit: 0,
        malformed: 1,
      },
    };
    const kept: UnmatchedStatementLine = {
      id: 11,
      outcome: 'no_order',
      date: '2026-11-29',
      amount: 90_000,
      description: 'CHUYEN TIEN',
      transactionId: 'FT2',
      referenceCode: null,
      fileName: 'acb.csv',
      lineNo: 3,
      uploadedAt: '2026-11-29T09:00:00.000Z',
      uploadedBy: me.username,
    };
    const unmatched: UnmatchedStatementLine[] = [];
    const { user, api } = await renderAdmin('/deposits', {
      routes: [
        ...base,
        ordersRoute([]),
        on(adminCalls.adminUnmatchedStatementLines, () =>
          answer(adminCalls.adminUnmatchedStatementLines, {
            list: unmatched,
            pageNo: 1,
            pageSize: 20,
            total: unmatched.length,
          }),
        ),
        on(adminCalls.adminUploadStatement, () => {
          unmatched.push(kept);
          return answer(adminCalls.adminUploadStatement, result);
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await user.click(await screen.findByRole('tab', { name: 'Bank statement' }));
    const content = 'date,amount,description,transaction id\n2026-11-29,250000,CT KLABCD2345,FT1\n';
    await user.upload(
      screen.getByLabelText('Statement file (CSV)'),
      new File([content], 'acb.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload and match' }));
    const lines = await screen.findByRole('table', { name: 'Statement lines' });
    expect(within(lines).getByText('Matched and credited')).toBeVisible();
    expect(within(lines).getByText('Malformed: the date is not a date')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUploadStatement).map((request) => request.json)).toEqual([
      { fileName: 'acb.csv', content },
    ]);
    const table = screen.getByRole('table', { name: 'Unmatched statement lines' });
    expect(await within(table).findByText('acb.csv:3')).toBeVisible();
    expect(
      within(table).getByRole('button', { name: 'Confirm an order from line 3 of acb.csv' }),
    ).toBeVisible();
  });

  it('offers the second approval to another operator only, and says why to the first', async () => {
    const confirmation = (by: { id: string; username: string }) => ({
      status: 'awaiting_second_approval' as const,
      bankReference: 'FT1',
      reason: 'Large transfer seen',
      confirmedBy: by,
      confirmedAt: '2026-11-29T08:05:00.000Z',
      approvedBy: null,
      approvedAt: null,
      fromStatement: false,
    });
    const mine = order({
      referenceCode: 'KLMINE2345',
      orderId: '2e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
      confirmation: confirmation({ id: me.id, username: me.username }),
    });
    const theirs = order({ referenceCode: 'KLTHEM2345', confirmation: confirmation(other) });
    const { user, api } = await renderAdmin('/deposits', {
      routes: [
        ...base,
        ordersRoute([mine, theirs]),
        on(adminCalls.adminApproveDeposit, () =>
          answer(adminCalls.adminApproveDeposit, {
            orderId: theirs.orderId,
            status: 'paid',
            outcome: 'credited',
            confirmation: {
              ...confirmation(other),
              status: 'credited',
              approvedBy: { id: me.id, username: me.username },
              approvedAt: '2026-11-29T08:06:00.000Z',
            },
          }),
        ),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    expect(
      await screen.findByRole('button', { name: 'Give the second approval of order KLMINE2345' }),
    ).toBeDisabled();
    expect(screen.getByText('You confirmed it: another operator gives the second approval')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Give the second approval of order KLTHEM2345' }));
    const dialog = await screen.findByRole('dialog', { name: 'Second approval of deposit KLTHEM2345' });
    expect(
      within(dialog).getByText('Confirmed by finance.two with the bank reference FT1: Large transfer seen'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    expect(await screen.findByText('The order was credited')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminApproveDeposit).map((request) => request.params)).toEqual([
      { orderId: theirs.orderId },
    ]);
  });

  it('confirms an open order with the bank reference and a reason in a labelled dialog', async () => {
    const open = order();
    const { user, api } = await renderAdmin('/deposits', {
      routes: [
        ...base,
        ordersRoute([open]),
        on(adminCalls.adminConfirmDeposit, (request) => {
          const body = bodyOf(adminCalls.adminConfirmDeposit, request);
          return answer(adminCalls.adminConfirmDeposit, {
            orderId: open.orderId,
            status: 'paid',
            outcome: 'credited',
            confirmation: {
              status: 'credited',
              bankReference: body.bankReference,
              reason: body.reason,
              confirmedBy: { id: me.id, username: me.username },
              confirmedAt: '2026-11-29T08:05:00.000Z',
              approvedBy: null,
              approvedAt: null,
              fromStatement: false,
            },
          });
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Deposits');
    await user.click(await screen.findByRole('button', { name: 'Confirm order KLABCD2345' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm deposit KLABCD2345' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    expect(await within(dialog).findAllByText('Please fill this in')).toHaveLength(1);
    expect(api.requestsOf(adminCalls.adminConfirmDeposit)).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('Bank reference'));
    await user.paste('FT26333001');
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('Seen on the Vietcombank account');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and credit' }));
    expect(await screen.findByText('The order was credited')).toBeVisible();
    expect(
      api.requestsOf(adminCalls.adminConfirmDeposit).map((request) => [request.params, request.json]),
    ).toEqual([
      [{ orderId: open.orderId }, { bankReference: 'FT26333001', reason: 'Seen on the Vietcombank account' }],
    ]);
  });

  it('opens on the orders waiting for a second approval from the dashboard’s link, and exports the orders found', async () => {
    const { user, api } = await renderAdmin('/deposits?confirmation=awaiting_second_approval', {
      routes: [
        ...base,
        ordersRoute([order()]),
        onFile(adminCalls.adminDepositsCsv, () => csvFile('Created\r\n', 'deposits-20261129-150000.csv')),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Deposits');
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminDeposits)[0]?.url.searchParams.get('confirmation')).toBe(
        'awaiting_second_approval',
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Confirmation' })).toBeVisible();
    expect(screen.getByTitle('Awaiting a second approval')).toBeVisible();

    const saved = captureDownloads();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.filename)).toEqual(['deposits-20261129-150000.csv']));
    expect(
      Object.fromEntries(api.requestsOf(adminCalls.adminDepositsCsv)[0]?.url.searchParams ?? []),
    ).toEqual({
      confirmation: 'awaiting_second_approval',
      lang: 'en',
    });

    // Any confirmation again: the filter goes.
    await chooseOption(user, 'Confirmation', 'All');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.requestsOf(adminCalls.adminDeposits).at(-1)?.url.searchParams.has('confirmation')).toBe(
        false,
      ),
    );
  });
});
