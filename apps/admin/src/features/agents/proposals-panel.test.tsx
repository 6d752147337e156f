import type { AdminContractProposal } from '@kl/contracts/admin/agents';
import { describe, expect, it } from 'vitest';
import { agentsRoutes, agentsSession, createContractProposal, openAgentsTab } from '../../test/agents.ts';
import { adminCalls, answer, failure, on, screen, waitFor, within } from '../../test/kit.ts';

const TAB = /Offers waiting/;
const TABLE = 'Contract offers waiting for a second operator';

/** The server deciding proposals: approved ones become pending, refused ones rejected; carol's is closed. */
function decisionRoutes(proposals: AdminContractProposal[]) {
  const decision = (
    entry: typeof adminCalls.adminApproveContract | typeof adminCalls.adminRejectContract,
    status: 'pending' | 'rejected',
  ) =>
    on(entry, (request) => {
      const proposal = proposals.find((candidate) => candidate.id === request.params.contractId)!;
      if (proposal.username === 'carol') return failure('CONTRACT_CLOSED');
      Object.assign(proposal, { status, approval: { eligible: [], youMay: false } });
      return answer(entry, proposal);
    });
  return [
    decision(adminCalls.adminApproveContract, 'pending'),
    decision(adminCalls.adminRejectContract, 'rejected'),
  ];
}

describe('contract offers waiting for a second operator', () => {
  it(
    'shows the terms, the proposer and who may decide; a second operator approves or refuses',
    { timeout: 30_000 },
    async () => {
      const proposals = [
        createContractProposal({ username: 'alice' }),
        createContractProposal({
          username: 'bob',
          kind: 'dividend',
          terms: {
            period: 'half_month',
            tiers: [{ minNetLoss: 20_000_000, minActiveMembers: 8, percentBp: 1250 }],
          },
          offeredBy: 'Đại lý tổng',
        }),
        createContractProposal({ username: 'carol' }),
      ];
      const { user, api, table } = await openAgentsTab(TAB, TABLE, [
        agentsSession('finance'),
        ...agentsRoutes({ proposals }),
        ...decisionRoutes(proposals),
      ]);
      expect(screen.getByRole('tab', { name: TAB })).toHaveTextContent('3');
      const alice = (await within(table).findByRole('link', { name: 'alice' })).closest('tr')!;
      expect(within(alice).getByText('Hourly salary')).toBeVisible();
      expect(within(alice).getByText('Tier 1: turnover ≥ ₫1,000,000 in the hour → ₫20,000')).toBeVisible();
      expect(within(alice).getByText('Tier 2: turnover ≥ ₫5,000,000 in the hour → ₫120,000')).toBeVisible();
      expect(within(alice).getByText('finance.two')).toBeVisible();
      expect(within(alice).getByText('finance.one, owner.one')).toBeVisible();
      const bob = within(table).getByRole('link', { name: 'bob' }).closest('tr')!;
      expect(within(bob).getByText('Dividend (Half month)')).toBeVisible();
      expect(
        within(bob).getByText('Tier 1: net loss ≥ ₫20,000,000 and 8 active members → 12.5%'),
      ).toBeVisible();
      expect(within(bob).getByText('Đại lý tổng')).toBeVisible();

      await user.click(within(alice).getByRole('button', { name: 'Approve the offer to alice' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve the offer to alice' });
      expect(dialog).toHaveTextContent(
        'alice is offered this Hourly salary contract, proposed by finance.two, to accept or refuse',
      );
      expect(within(dialog).queryByLabelText('Note')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      expect(
        await screen.findByText('The offer to alice was approved: they can now accept it'),
      ).toBeVisible();
      await waitFor(() => expect(within(table).queryByRole('link', { name: 'alice' })).toBeNull());
      expect(screen.getByRole('tab', { name: TAB })).toHaveTextContent('2');
      expect(api.requestsOf(adminCalls.adminApproveContract).map((request) => request.url.pathname)).toEqual([
        `/api/admin/agents/contracts/${proposals[0]!.id}/approve`,
      ]);

      await user.click(within(bob).getByRole('button', { name: 'Refuse the offer to bob' }));
      const refuse = await screen.findByRole('dialog', { name: 'Refuse the offer to bob' });
      expect(refuse).toHaveTextContent('The Dividend (Half month) offer proposed by finance.two is closed');
      await user.click(within(refuse).getByRole('button', { name: 'Refuse' }));
      expect(await screen.findByText('The offer to bob was refused')).toBeVisible();
      await waitFor(() => expect(within(table).queryByRole('link', { name: 'bob' })).toBeNull());

      // Another operator decided carol's meanwhile: the server's refusal, in its words.
      const carol = within(table).getByRole('link', { name: 'carol' }).closest('tr')!;
      await user.click(within(carol).getByRole('button', { name: 'Approve the offer to carol' }));
      const late = await screen.findByRole('dialog', { name: 'Approve the offer to carol' });
      await user.click(within(late).getByRole('button', { name: 'Approve' }));
      expect(await within(late).findByRole('alert')).toHaveTextContent(
        'This contract has already been answered or replaced',
      );
    },
  );

  it(
    'tells its proposer why they cannot decide it, and shows readers no button',
    { timeout: 30_000 },
    async () => {
      const mine = createContractProposal({
        username: 'alice',
        proposedBy: 'finance.one',
        approval: { eligible: ['owner.one'], youMay: false },
      });
      const { table } = await openAgentsTab(TAB, TABLE, [
        agentsSession('finance'),
        ...agentsRoutes({ proposals: [mine] }),
      ]);
      const row = (await within(table).findByRole('link', { name: 'alice' })).closest('tr')!;
      expect(within(row).getByRole('button', { name: 'Approve the offer to alice' })).toBeDisabled();
      expect(within(row).getByRole('button', { name: 'Refuse the offer to alice' })).toBeDisabled();
      expect(
        within(row).getByText(
          'You proposed this offer: another operator of the agents area approves or refuses it.',
        ),
      ).toBeVisible();
    },
  );

  it('shows a reading operator the offers waiting, without decisions', { timeout: 30_000 }, async () => {
    const { table } = await openAgentsTab(TAB, TABLE, [
      agentsSession('support'),
      ...agentsRoutes({ proposals: [createContractProposal({ username: 'alice' })] }),
    ]);
    expect(await within(table).findByRole('link', { name: 'alice' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Approve the offer/ })).toBeNull();
  });
});
