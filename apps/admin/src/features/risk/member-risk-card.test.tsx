import type { MemberRisk } from '@kl/contracts/admin/risk';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createMemberDetail,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const detail = createMemberDetail({ username: 'player07' });
const memberId = detail.member.id;

/** The member page of a risk operator; the server's answers follow the writes as the test sets them. */
async function renderAsRisk() {
  let risk: MemberRisk = {
    notes: [{ id: 1, text: 'Quick payout', operator: 'risk.two', createdAt: '2026-03-01T08:00:00.000Z' }],
    tags: [{ id: 5, name: 'VIP watch' }],
    restrictions: [],
  };
  const rendered = await renderAdmin(`/members/${memberId}`, {
    storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    routes: [
      on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('risk'))),
      on(adminCalls.adminMember, () => answer(adminCalls.adminMember, detail)),
      on(adminCalls.adminMemberRisk, () => answer(adminCalls.adminMemberRisk, risk)),
      on(adminCalls.adminMemberTags, () =>
        answer(adminCalls.adminMemberTags, { list: [{ id: 6, name: 'hunter', members: 3 }] }),
      ),
      on(adminCalls.adminAddMemberNote, (request) => {
        const { text } = bodyOf(adminCalls.adminAddMemberNote, request);
        risk = {
          ...risk,
          notes: [
            { id: 2, text, operator: 'risk.one', createdAt: '2026-03-02T08:00:00.000Z' },
            ...risk.notes,
          ],
        };
        return answer(adminCalls.adminAddMemberNote, risk);
      }),
      on(adminCalls.adminAddMemberTag, (request) => {
        const { name } = bodyOf(adminCalls.adminAddMemberTag, request);
        risk = { ...risk, tags: [...risk.tags, { id: 6, name }] };
        return answer(adminCalls.adminAddMemberTag, risk);
      }),
      on(adminCalls.adminRemoveMemberTag, () => {
        risk = { ...risk, tags: risk.tags.filter((tag) => tag.id !== 5) };
        return answer(adminCalls.adminRemoveMemberTag, risk);
      }),
      on(adminCalls.adminSetMemberRestriction, (request) => {
        const { reason } = bodyOf(adminCalls.adminSetMemberRestriction, request);
        risk = {
          ...risk,
          restrictions: [
            { kind: 'bonus', reason, operator: 'risk.one', restrictedAt: '2026-03-02T09:00:00.000Z' },
          ],
        };
        return answer(adminCalls.adminSetMemberRestriction, risk);
      }),
    ],
  });
  await findHeading('Member player07');
  return rendered;
}

describe('a member’s notes and tags', () => {
  it('support reads notes and tags without the forms', async () => {
    await renderAdmin(`/members/${memberId}`, {
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('support'))),
        on(adminCalls.adminMember, () => answer(adminCalls.adminMember, detail)),
        on(adminCalls.adminMemberRisk, () =>
          answer(adminCalls.adminMemberRisk, {
            notes: [],
            tags: [{ id: 5, name: 'VIP watch' }],
            restrictions: [
              {
                kind: 'withdrawal',
                reason: 'Chargeback',
                operator: 'risk.two',
                restrictedAt: '2026-03-01T08:00:00.000Z',
              },
            ],
          }),
        ),
      ],
    });
    // The first card of the file loads its components' modules: it may take longer than a later one.
    expect(await screen.findByText('VIP watch', undefined, { timeout: 10_000 })).toBeVisible();
    const tags = screen.getByLabelText('Tags');
    expect(within(tags).queryByRole('button', { name: 'Remove tag VIP watch' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(screen.getByText('No notes yet')).toBeVisible();
    expect(screen.getByText(/Restricted by risk\.two, .*: Chargeback/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Lift withdrawal restriction' })).toBeNull();
  });

  it('adds a note', async () => {
    const { user, api } = await renderAsRisk();
    const notes = await screen.findByLabelText('Notes');
    expect(await within(notes).findByText('Quick payout')).toBeVisible();
    await user.type(within(notes).getByLabelText('New note'), 'Correction');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    // The note in the list, not the box it was typed in: while the form is disabled, antd draws the box
    // again with the typed text as its content, which a plain text query would find and then lose.
    const list = await within(notes).findByRole('list');
    expect(await within(list).findByText('Correction')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminAddMemberNote).map((request) => request.json)).toEqual([
      { text: 'Correction' },
    ]);
  });

  it('adds a tag by name and removes one', async () => {
    const { user, api } = await renderAsRisk();
    const tags = await screen.findByLabelText('Tags');
    await user.type(within(tags).getByLabelText('Tag'), 'hunter');
    await user.click(within(tags).getByRole('button', { name: 'Add tag' }));
    expect(await within(tags).findByRole('button', { name: 'Remove tag hunter' })).toBeVisible();
    expect(api.requestsOf(adminCalls.adminAddMemberTag)[0]?.json).toEqual({ name: 'hunter' });
    await user.click(within(tags).getByRole('button', { name: 'Remove tag VIP watch' }));
    await waitFor(() => expect(within(tags).queryByText('VIP watch')).toBeNull());
    expect(api.requestsOf(adminCalls.adminRemoveMemberTag)[0]?.url.pathname).toBe(
      `/api/admin/members/${memberId}/tags/5`,
    );
  });

  it('restricts bonuses with a reason', async () => {
    const { user, api } = await renderAsRisk();
    const restrictions = await screen.findByLabelText('Restrictions');
    await user.click(within(restrictions).getByRole('button', { name: 'Restrict bonuses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restrict player07 from bonuses' });
    await user.type(within(dialog).getByLabelText('Reason'), 'One device');
    await user.click(within(dialog).getByRole('button', { name: 'Restrict bonuses' }));
    expect(await within(restrictions).findByText(/Restricted by risk\.one, .*: One device/)).toBeVisible();
    expect(api.requestsOf(adminCalls.adminSetMemberRestriction)[0]?.json).toEqual({
      restricted: true,
      reason: 'One device',
    });
    expect(within(restrictions).getByRole('button', { name: 'Lift bonus restriction' })).toBeVisible();
  });
});
