import { DEFAULT_MONEY_CONTROLS, type MoneyControls } from '@kl/contracts/admin/controls';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
} from '../../test/kit.ts';

const sessionOf = (role: 'owner' | 'finance') =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator(role)));

describe('the money controls screen', () => {
  it('shows finance what applies, with no way to change it', async () => {
    await renderAdmin('/controls', {
      routes: [
        sessionOf('finance'),
        on(adminCalls.adminControls, () => answer(adminCalls.adminControls, DEFAULT_MONEY_CONTROLS)),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Money controls');
    expect(await screen.findByText('Manual credits per member per day')).toBeVisible();
    expect(screen.getByRole('row', { name: /Manual credits per operator per day/ })).toHaveTextContent(
      '₫10,000,000',
    );
    expect(screen.getByRole('row', { name: /Segregation of duties/ })).toHaveTextContent('30');
    expect(screen.queryByRole('button', { name: 'Save the controls' })).toBeNull();
  });

  it('an owner loosening a limit is told it waits for a second owner; the value shown stays', async () => {
    const controls: MoneyControls = DEFAULT_MONEY_CONTROLS;
    const { user, api } = await renderAdmin('/controls', {
      routes: [
        sessionOf('owner'),
        on(adminCalls.adminControls, () => answer(adminCalls.adminControls, controls)),
        on(adminCalls.adminChangeControls, (request) => {
          const { note, ...asked } = bodyOf(adminCalls.adminChangeControls, request);
          return answer(adminCalls.adminChangeControls, {
            applied: false,
            controls,
            request: {
              id: '5a0e7f7c-0b1e-4d59-9a58-0a9c1f3e2d11',
              kind: 'controls.update',
              area: 'operators',
              target: 'kimlong',
              targetLabel: 'kimlong',
              payload: asked,
              status: 'pending',
              note,
              requestedBy: { id: '0b7a3c62-7f1e-4c1a-9d8e-2f4b5a6c7d8e', username: 'owner.one' },
              requestedAt: '2026-03-01T08:00:00.000Z',
              decidedBy: null,
              decidedAt: null,
              decisionNote: null,
            },
          });
        }),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Money controls');
    const limit = await screen.findByLabelText('Manual credits per member per day');
    await user.clear(limit);
    await user.type(limit, '50000000');
    await user.click(screen.getByRole('button', { name: 'Save the controls' }));
    expect(await screen.findByText('Please say why')).toBeVisible();
    await user.type(screen.getByLabelText('Why (for the second owner and the audit)'), 'Tournament season');
    await user.click(screen.getByRole('button', { name: 'Save the controls' }));
    expect(
      await screen
        .findByRole('alert', { name: '' })
        .catch(() => screen.findAllByText(/waits for a second owner/)),
    ).toBeTruthy();
    expect(api.requestsOf(adminCalls.adminChangeControls).map((request) => request.json)).toEqual([
      { ...DEFAULT_MONEY_CONTROLS, creditLimitPerMemberDay: 50_000_000, note: 'Tournament season' },
    ]);
  });
});
