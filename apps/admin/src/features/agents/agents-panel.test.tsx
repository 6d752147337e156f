import { MAX_CONTRACT_TIERS, type OfferContractRequest } from '@kl/contracts/agent-contracts';
import type { OperatorRole } from '@kl/contracts/admin/access';
import type { AdminAgent, AdminContractProposal } from '@kl/contracts/admin/agents';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  agentsRoutes,
  agentsSession,
  openAgentsTab,
  createAdminAgent,
  createContractProposal,
} from '../../test/agents.ts';
import { adminCalls, answer, bodyOf, failure, on, screen, waitFor, within } from '../../test/kit.ts';

/** The server's answer to an offer: the proposal, waiting for another operator. */
const offerRoute = on(adminCalls.adminOfferContract, (request) => {
  const body = bodyOf(adminCalls.adminOfferContract, request);
  const offered = {
    username: body.username,
    kind: body.kind,
    terms: body.terms,
  } as Partial<AdminContractProposal>;
  return answer(
    adminCalls.adminOfferContract,
    createContractProposal({
      ...offered,
      proposedBy: 'finance.one',
      approval: { eligible: ['owner.one'], youMay: false },
    }),
  );
});

/** The Agents tab with alice, to an operator of `role`; `offer(kind)` opens her offer form on that kind. */
async function openOffers(role: OperatorRole) {
  const rendered = await openAgentsTab('Agents', 'Agents', [
    agentsSession(role),
    ...agentsRoutes({ agents: [createAdminAgent({ username: 'alice' })] }),
    offerRoute,
  ]);
  const { user, table } = rendered;
  await within(table).findByRole('link', { name: 'alice' });
  const offer = async (kind: string) => {
    await user.click(within(table).getByRole('button', { name: 'Offer contract to alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Offer a contract to alice' });
    await user.click(within(within(dialog).getByRole('radiogroup', { name: 'Contract' })).getByText(kind));
    return dialog;
  };
  return { ...rendered, offer };
}

describe('agents', () => {
  it('searches by username and shows a read-only operator no write button', { timeout: 30_000 }, async () => {
    const agents: AdminAgent[] = [
      createAdminAgent({ username: 'alice', contracts: ['salary', 'dividend'] }),
      createAdminAgent({ username: 'bob', level: 2, parentUsername: 'alice', teamSize: 3, directSize: 3 }),
    ];
    const { user, api, table } = await openAgentsTab('Agents', 'Agents', [
      agentsSession('risk'),
      ...agentsRoutes({ agents }),
    ]);
    const alice = (await within(table).findByRole('link', { name: 'alice' })).closest('tr')!;
    expect(within(alice).getByText('Daily salary')).toBeVisible();
    expect(within(alice).getByText('Dividend')).toBeVisible();
    expect(within(alice).getByText('1,250')).toBeVisible();
    expect(within(alice).getByText('— (top agent)')).toBeVisible();
    const bob = within(table).getByRole('link', { name: 'bob' }).closest('tr')!;
    expect(within(bob).getByRole('cell', { name: 'alice' })).toBeVisible();
    expect(within(bob).getByText('None')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Make agent' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Offer contract/ })).toBeNull();

    await user.type(screen.getByLabelText('Username'), 'bo');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'alice' })).toBeNull());
    expect(api.requestsOf(adminCalls.adminAgents).at(-1)?.url.searchParams.get('username')).toBe('bo');
  });

  it(
    'makes a member an agent by username, showing the refusal in its words',
    { timeout: 30_000 },
    async () => {
      const agents: AdminAgent[] = [];
      const { user, api, table } = await openAgentsTab('Agents', 'Agents', [
        agentsSession('finance'),
        ...agentsRoutes({ agents }),
        on(adminCalls.adminMakeAgent, (request) => {
          const { username } = bodyOf(adminCalls.adminMakeAgent, request);
          if (username === 'dave') return failure('ALREADY_AGENT');
          const agent = createAdminAgent({ username });
          agents.push(agent);
          return answer(adminCalls.adminMakeAgent, agent);
        }),
      ]);
      await user.click(screen.getByRole('button', { name: 'Make agent' }));
      const dialog = await screen.findByRole('dialog', { name: 'Make a member an agent' });
      await user.click(within(dialog).getByRole('button', { name: 'Make agent' }));
      expect(await within(dialog).findByText("Please enter the member's username")).toBeVisible();
      await user.type(within(dialog).getByLabelText('Username'), 'dave');
      await user.click(within(dialog).getByRole('button', { name: 'Make agent' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('This member is already an agent');

      await user.clear(within(dialog).getByLabelText('Username'));
      await user.type(within(dialog).getByLabelText('Username'), ' carol ');
      await user.click(within(dialog).getByRole('button', { name: 'Make agent' }));
      expect(await within(table).findByRole('link', { name: 'carol' })).toBeVisible();
      expect(api.requestsOf(adminCalls.adminMakeAgent).map((request) => request.json)).toEqual([
        { username: 'dave' },
        { username: 'carol' },
      ]);
    },
  );

  it(
    'offers a dividend contract: tiers checked like the contract, the share sent in basis points',
    { timeout: 30_000 },
    async () => {
      const { user, api, offer } = await openOffers('finance');
      const dialog = await offer('Dividend');
      await user.click(
        within(within(dialog).getByRole('radiogroup', { name: 'Dividend period' })).getByText('Half month'),
      );
      const tier = (n: number) => within(within(dialog).getByRole('group', { name: `Tier ${n}` }));

      // Every field is required (the three messages may appear one render apart: all three are awaited).
      await user.click(within(dialog).getByRole('button', { name: 'Offer contract' }));
      await waitFor(() => expect(tier(1).getAllByText('Required')).toHaveLength(3));

      await user.type(tier(1).getByLabelText('Minimum net loss (₫)'), '1000000.5');
      await user.type(tier(1).getByLabelText('Minimum active members'), '5');
      await user.type(tier(1).getByLabelText('Share (%)'), '12.5');
      await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
      await user.type(tier(2).getByLabelText('Minimum net loss (₫)'), '500000');
      await user.type(tier(2).getByLabelText('Minimum active members'), '10');
      await user.type(tier(2).getByLabelText('Share (%)'), '120');
      await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
      await user.click(tier(3).getByRole('button', { name: 'Remove tier 3' }));
      expect(within(dialog).queryByRole('group', { name: 'Tier 3' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Offer contract' }));
      // Money in whole đồng, thresholds ascending, a share of at most 100 %.
      expect(await tier(1).findByText('A whole number')).toBeVisible();
      expect(await tier(2).findByText('At most 100')).toBeVisible();
      await user.clear(tier(1).getByLabelText('Minimum net loss (₫)'));
      await user.type(tier(1).getByLabelText('Minimum net loss (₫)'), '1000000');
      expect(await tier(2).findByText("Must be above the previous tier's (1000000)")).toBeVisible();
      await user.clear(tier(2).getByLabelText('Minimum net loss (₫)'));
      await user.type(tier(2).getByLabelText('Minimum net loss (₫)'), '5000000');
      await user.clear(tier(2).getByLabelText('Share (%)'));
      await user.type(tier(2).getByLabelText('Share (%)'), '20.25');
      expect(api.requestsOf(adminCalls.adminOfferContract)).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Offer contract' }));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminOfferContract)).toHaveLength(1));
      expect(api.requestsOf(adminCalls.adminOfferContract)[0]?.json).toEqual({
        username: 'alice',
        kind: 'dividend',
        terms: {
          period: 'half_month',
          tiers: [
            { minNetLoss: 1_000_000, minActiveMembers: 5, percentBp: 1250 },
            { minNetLoss: 5_000_000, minActiveMembers: 10, percentBp: 2025 },
          ],
        },
      } satisfies OfferContractRequest);
      expect(
        await screen.findByText('Offer to alice proposed: another operator must approve it'),
      ).toBeVisible();
    },
  );

  it(`offers an hourly contract of at most ${MAX_CONTRACT_TIERS} tiers`, { timeout: 30_000 }, async () => {
    const { user, api, offer } = await openOffers('owner');
    let dialog = await offer('Hourly salary');
    const add = within(dialog).getByRole('button', { name: 'Add tier' });
    // No more than the contract allows (clicks without the typing pace: only the count matters here).
    for (let added = 1; added < MAX_CONTRACT_TIERS; added += 1) fireEvent.click(add);
    const tiers = () => dialog.querySelectorAll('fieldset');
    await waitFor(() => expect(tiers()).toHaveLength(MAX_CONTRACT_TIERS));
    expect(add).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // Opened again, the form starts anew with one tier.
    dialog = await offer('Hourly salary');
    expect(tiers()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    const tier = (n: number) => within(within(dialog).getByRole('group', { name: `Tier ${n}` }));
    await user.type(tier(1).getByLabelText('Minimum turnover (₫)'), '0');
    await user.type(tier(1).getByLabelText('Amount (₫)'), '0');
    await user.type(tier(2).getByLabelText('Minimum turnover (₫)'), '10000000');
    await user.type(tier(2).getByLabelText('Amount (₫)'), '50000');
    await user.click(within(dialog).getByRole('button', { name: 'Offer contract' }));
    // An hour's salary is above zero, and so is the turnover it pays for.
    expect(await tier(1).findByText('At least 1')).toBeVisible();
    expect(await tier(1).findByText('Must be above zero: a tier pays only for play')).toBeVisible();
    await user.clear(tier(1).getByLabelText('Amount (₫)'));
    await user.type(tier(1).getByLabelText('Amount (₫)'), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Offer contract' }));
    expect(api.requestsOf(adminCalls.adminOfferContract)).toHaveLength(0);
    await user.clear(tier(1).getByLabelText('Minimum turnover (₫)'));
    await user.type(tier(1).getByLabelText('Minimum turnover (₫)'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Offer contract' }));
    await waitFor(() => expect(api.requestsOf(adminCalls.adminOfferContract)).toHaveLength(1));
    expect(api.requestsOf(adminCalls.adminOfferContract)[0]?.json).toEqual({
      username: 'alice',
      kind: 'hourly',
      terms: {
        tiers: [
          { minTurnover: 1, amount: 20_000 },
          { minTurnover: 10_000_000, amount: 50_000 },
        ],
      },
    });
  });
});
