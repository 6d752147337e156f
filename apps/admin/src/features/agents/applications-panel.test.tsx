import { describe, expect, it } from 'vitest';
import { agentsRoutes, agentsSession, createAgentApplication } from '../../test/agents.ts';
import {
  adminCalls,
  answer,
  bodyOf,
  failure,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const english = { [LANGUAGE_STORAGE_KEY]: 'en' };
const table = () => screen.getByRole('table', { name: 'Agent applications' });
const rowOf = (username: string) =>
  within(table())
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('link', { name: username }))!;

describe('agent applications', () => {
  it(
    'lists the pending ones first and shows a read-only operator no decision',
    { timeout: 30_000 },
    async () => {
      const applications = [
        createAgentApplication({ username: 'alice' }),
        createAgentApplication({ username: 'bob', status: 'refused', note: 'Too few members' }),
      ];
      const { user, api } = await renderAdmin('/agents', {
        storage: english,
        routes: [agentsSession('support'), ...agentsRoutes({ applications })],
      });
      await findHeading('Agents');
      expect(screen.getByRole('menuitem', { name: /Agents/ })).toBeVisible();
      const alice = await within(await screen.findByRole('table', { name: 'Agent applications' })).findByRole(
        'link',
        { name: 'alice' },
      );
      expect(alice).toHaveAttribute('href', expect.stringContaining('/members/'));
      expect(screen.getByText('I run a football fan group of 300 people.')).toBeVisible();
      expect(screen.getByText('Zalo 0912345678')).toBeVisible();
      expect(within(table()).queryByRole('link', { name: 'bob' })).toBeNull();
      expect(api.requestsOf(adminCalls.adminAgentApplications)[0]?.url.searchParams.get('status')).toBe(
        'pending',
      );
      expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();

      // Every status: the refused one with its note.
      await user.click(screen.getByText('All'));
      await within(table()).findByRole('link', { name: 'bob' });
      expect(api.requestsOf(adminCalls.adminAgentApplications).at(-1)?.url.searchParams.has('status')).toBe(
        false,
      );
      expect(within(rowOf('bob')).getByText('Refused')).toBeVisible();
      expect(within(rowOf('bob')).getByText('Too few members')).toBeVisible();
    },
  );

  it(
    'approves with a note after the confirmation, and shows a refusal of the server in the dialog',
    { timeout: 30_000 },
    async () => {
      const applications = [
        createAgentApplication({ username: 'alice' }),
        createAgentApplication({ username: 'bob' }),
      ];
      const { user, api } = await renderAdmin('/agents', {
        storage: english,
        routes: [
          agentsSession('finance'),
          ...agentsRoutes({ applications }),
          on(adminCalls.adminDecideAgentApplication, (request) => {
            const body = bodyOf(adminCalls.adminDecideAgentApplication, request);
            const application = applications.find(
              (candidate) => candidate.id === request.params.applicationId,
            )!;
            if (application.username === 'bob') return failure('ALREADY_AGENT');
            Object.assign(application, {
              status: body.decision === 'approve' ? 'approved' : 'refused',
              note: body.note ?? null,
              decidedAt: '2026-11-24T03:00:00.000Z',
              decidedBy: 'finance.one',
            });
            return answer(adminCalls.adminDecideAgentApplication, application);
          }),
        ],
      });
      await findHeading('Agents');
      await within(await screen.findByRole('table', { name: 'Agent applications' })).findByRole('link', {
        name: 'alice',
      });

      await user.click(within(rowOf('alice')).getByRole('button', { name: 'Approve' }));
      const dialog = await screen.findByRole('dialog', { name: 'Approve the application of alice' });
      expect(dialog).toHaveTextContent('alice becomes an agent');
      await user.type(within(dialog).getByLabelText('Note'), '  Welcome aboard ');
      await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(within(table()).queryByRole('link', { name: 'alice' })).toBeNull());
      expect(api.requestsOf(adminCalls.adminDecideAgentApplication).map((request) => request.json)).toEqual([
        { decision: 'approve', note: 'Welcome aboard' },
      ]);
      expect(await screen.findByText('alice is now an agent')).toBeVisible();

      // Refusing without a note sends none; the server's refusal is shown in its words.
      await user.click(within(rowOf('bob')).getByRole('button', { name: 'Refuse' }));
      const refuse = await screen.findByRole('dialog', { name: 'Refuse the application of bob' });
      await user.click(within(refuse).getByRole('button', { name: 'Refuse' }));
      expect(await within(refuse).findByRole('alert')).toHaveTextContent('This member is already an agent');
      expect(api.requestsOf(adminCalls.adminDecideAgentApplication)[1]?.json).toEqual({ decision: 'refuse' });
    },
  );
});
