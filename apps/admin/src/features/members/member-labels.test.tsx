import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  createMemberDetail,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  memberPageRoutes,
  on,
  renderAdmin,
  screen,
  within,
} from '../../test/kit.ts';

/** A member of type 1 (an agent) with lines of several ledger kinds, and one of a kind the screen has no word for. */
function agentDetail() {
  const detail = createMemberDetail({ username: 'agent01', type: 1 });
  const line = detail.ledger[0]!;
  return {
    ...detail,
    ledger: [
      { ...line, transactionId: 44, kind: 'adjustment_credit', reference: 'A-3' },
      { ...line, transactionId: 43, kind: 'bet', amount: -20_000, reference: 'R-2' },
      { ...line, transactionId: 42, kind: 'some_future_kind', reference: 'X-1' },
      line,
    ],
  };
}

async function showMember(language: 'en' | 'vi', heading: string) {
  const detail = agentDetail();
  await renderAdmin(`/members/${detail.member.id}`, {
    storage: { [LANGUAGE_STORAGE_KEY]: language },
    routes: [
      on(adminCalls.adminSession, () =>
        answer(adminCalls.adminSession, createOperator('risk', { access: { members: 'read' } })),
      ),
      ...memberPageRoutes(detail),
    ],
  });
  await findHeading(heading);
}

/** The kind column of the ledger table, top to bottom. */
const ledgerKinds = (tableName: string) =>
  within(screen.getByRole('table', { name: tableName }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('a member in words', () => {
  it('names the member type and the ledger kinds in English', async () => {
    await showMember('en', 'Member agent01');
    expect(screen.getByText('Agent')).toBeVisible();
    expect(ledgerKinds('Recent ledger lines')).toEqual([
      'Manual credit',
      'Bet',
      'some_future_kind',
      'Deposit',
    ]);
  });

  it('names them in Vietnamese', async () => {
    await showMember('vi', 'Thành viên agent01');
    expect(screen.getByText('Đại lý')).toBeVisible();
    expect(ledgerKinds('Giao dịch gần đây')).toEqual([
      'Cộng tiền thủ công',
      'Đặt cược',
      'some_future_kind',
      'Nạp tiền',
    ]);
  });
});
