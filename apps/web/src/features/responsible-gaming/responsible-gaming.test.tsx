import { SESSION_STORAGE_KEY } from '@kl/contracts/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { memberSessionCalls } from '@kl/contracts/member-session';
import { responsibleGamingCalls } from '@kl/contracts/responsible-gaming';
import { callsTo, on } from '../../test/fake-api.ts';
import { pageExit } from './lib/end-session.ts';
import { withLimit } from './testing/fake-responsible-gaming.ts';
import { openResponsibleGaming } from './testing/open-responsible-gaming.ts';

const vnd = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'VND' }).format(amount);
const when = (date: Date | string) =>
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(date));
const card = (name: string) => screen.getByRole('region', { name });
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
const bodiesTo = (entry: Parameters<typeof callsTo>[0]) => callsTo(entry).map(({ body }) => body);

/** Counts the fresh loads of home instead of doing them (jsdom cannot navigate). */
function watchPageExit() {
  const exits = { calls: 0 };
  const original = pageExit.toHome;
  pageExit.toHome = () => {
    exits.calls += 1;
  };
  onTestFinished(() => {
    pageExit.toHome = original;
  });
  return exits;
}

describe('responsible gaming (/m/member/responsibleGaming)', () => {
  it('shows each limit with what was used, what is left and a pending raise with its time', async () => {
    const effectiveAt = new Date(Date.now() + 20 * 3_600_000).toISOString();
    await openResponsibleGaming({
      limits: {
        daily: { amount: 300_000, used: 100_000, remaining: 200_000 },
        weekly: {
          amount: 1_000_000,
          used: 100_000,
          remaining: 900_000,
          pending: { amount: 2_000_000, effectiveAt },
        },
        monthly: { used: 100_000 },
      },
    });
    const daily = await screen.findByRole('region', { name: 'Daily limit' });
    expect(within(daily).getByTestId('limit-daily')).toHaveTextContent(vnd(300_000));
    expect(within(daily).getByText('Deposited in the last 24 hours').nextSibling).toHaveTextContent(
      vnd(100_000),
    );
    expect(within(daily).getByText('You can still deposit').nextSibling).toHaveTextContent(vnd(200_000));
    expect(within(daily).queryByTestId('pending-daily')).toBeNull();

    const weekly = card('Weekly limit');
    expect(within(weekly).getByTestId('pending-weekly')).toHaveTextContent(
      `Rises to ${vnd(2_000_000)} on ${when(effectiveAt)}`,
    );
    const monthly = card('Monthly limit');
    expect(within(monthly).getByTestId('limit-monthly')).toHaveTextContent('No limit');
    expect(within(monthly).queryByText('You can still deposit')).toBeNull();
    expect(within(monthly).queryByRole('button', { name: 'Remove monthly limit' })).toBeNull();
  });

  it('checks a new limit: required, whole VND, more than 0 — nothing is sent until it is right', async () => {
    const { user, server } = await openResponsibleGaming();
    // A first limit is in force at once.
    on(responsibleGamingCalls.setDepositLimits, ({ body }) => {
      server.settings = withLimit(server.settings, 'daily', { amount: body.daily, remaining: body.daily });
      return server.settings;
    });
    await screen.findByRole('region', { name: 'Daily limit' });
    const daily = () => card('Daily limit');
    const input = () => within(daily()).getByLabelText('New daily limit (VND)');
    const save = () => within(daily()).getByRole('button', { name: 'Save daily limit' });

    await user.click(save());
    await waitFor(() => expect(within(daily()).getByRole('alert')).toHaveTextContent('Enter the limit'));
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveFocus();
    await user.type(input(), '1500.5x');
    await waitFor(() =>
      expect(within(daily()).getByRole('alert')).toHaveTextContent('Enter a whole amount, digits only'),
    );
    await user.clear(input());
    await user.type(input(), '0');
    await waitFor(() =>
      expect(within(daily()).getByRole('alert')).toHaveTextContent('The limit must be more than 0'),
    );
    expect(bodiesTo(responsibleGamingCalls.setDepositLimits)).toEqual([]);

    await user.clear(input());
    await user.type(input(), '300.000');
    expect(within(daily()).queryByRole('alert')).toBeNull();
    await user.click(save());
    expect(await within(daily()).findByText(`Your limit is now ${vnd(300_000)}.`)).toBeInTheDocument();
    expect(bodiesTo(responsibleGamingCalls.setDepositLimits)).toEqual([{ daily: 300_000 }]);
    expect(within(daily()).getByTestId('limit-daily')).toHaveTextContent(vnd(300_000));
    expect(input()).toHaveValue('');
  });

  it('lowers at once, raises and removes only after 24 hours (shown as pending with the time)', async () => {
    const { user, server } = await openResponsibleGaming({
      limits: { weekly: { amount: 1_000_000, used: 0, remaining: 1_000_000 } },
    });
    // The server: a lower limit in force at once, a higher one or a removal pending for 24 hours.
    const effectiveAt = new Date(Date.now() + 24 * 3_600_000 + 60_000).toISOString();
    on(responsibleGamingCalls.setDepositLimits, ({ body }) => {
      const weekly = body.weekly ?? null;
      server.settings = withLimit(
        server.settings,
        'weekly',
        weekly === 500_000
          ? { amount: weekly, remaining: weekly }
          : { pending: { amount: weekly, effectiveAt } },
      );
      return server.settings;
    });
    await screen.findByRole('region', { name: 'Weekly limit' });
    const weekly = () => card('Weekly limit');
    const input = () => within(weekly()).getByLabelText('New weekly limit (VND)');
    const save = () => within(weekly()).getByRole('button', { name: 'Save weekly limit' });

    await user.type(input(), '500000');
    await user.click(save());
    expect(await within(weekly()).findByText(`Your limit is now ${vnd(500_000)}.`)).toBeInTheDocument();
    expect(within(weekly()).getByTestId('limit-weekly')).toHaveTextContent(vnd(500_000));

    await user.type(input(), '2000000');
    await user.click(save());
    const pending = await within(weekly()).findByTestId('pending-weekly');
    expect(pending).toHaveTextContent(`Rises to ${vnd(2_000_000)} on ${when(effectiveAt)}`);
    expect(within(weekly()).getByRole('status')).toHaveTextContent(
      `Rises to ${vnd(2_000_000)} on ${when(effectiveAt)}`,
    );
    // Still the lower limit until then.
    expect(within(weekly()).getByTestId('limit-weekly')).toHaveTextContent(vnd(500_000));

    await user.click(within(weekly()).getByRole('button', { name: 'Remove weekly limit' }));
    expect(await within(weekly()).findByTestId('pending-weekly')).toHaveTextContent(/^Removed on /);
    expect(bodiesTo(responsibleGamingCalls.setDepositLimits)).toEqual([
      { weekly: 500_000 },
      { weekly: 2_000_000 },
      { weekly: null },
    ]);
    // A removal already waiting is not offered again.
    expect(within(weekly()).queryByRole('button', { name: 'Remove weekly limit' })).toBeNull();
  });

  it('takes a time-out after a dialog that says what happens, then ends the session and loads home', async () => {
    const exits = watchPageExit();
    const { user } = await openResponsibleGaming();
    on(responsibleGamingCalls.startTimeOut, ({ body }) => ({
      exclusion: {
        kind: 'time_out',
        period: body.period,
        startedAt: new Date().toISOString(),
        endsAt: days(7),
      },
      sessionsEnded: 1,
    }));
    const section = await screen.findByRole('region', { name: 'Take a break (time-out)' });
    expect(within(section).getByRole('radio', { name: '24 hours' })).toBeChecked();
    await user.click(within(section).getByRole('radio', { name: '7 days' }));
    const takeBreak = within(section).getByRole('button', { name: 'Take a break' });
    await user.click(takeBreak);

    const dialog = screen.getByRole('alertdialog', { name: 'Take a break?' });
    const expected = when(new Date(Date.now() + 7 * 24 * 3_600_000));
    expect(dialog).toHaveAccessibleDescription(
      `Your break of 7 days starts now. You will be logged out at once and cannot log in, deposit or play until ${expected}. It cannot be undone.`,
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(takeBreak).toHaveFocus();
    expect(bodiesTo(responsibleGamingCalls.startTimeOut)).toEqual([]);

    // Escape cancels too.
    await user.click(takeBreak);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bodiesTo(responsibleGamingCalls.startTimeOut)).toEqual([]);

    await user.click(takeBreak);
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Take a break?' })).getByRole('button', {
        name: 'Start the break',
      }),
    );
    await waitFor(() => expect(exits.calls).toBe(1));
    expect(bodiesTo(responsibleGamingCalls.startTimeOut)).toEqual([{ period: '7d' }]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem('autoLogin')).toBe('0');
  });

  it('self-excludes only with the box ticked and the dialog confirmed', async () => {
    const exits = watchPageExit();
    const { user } = await openResponsibleGaming();
    on(responsibleGamingCalls.startSelfExclusion, ({ body }) => ({
      exclusion: {
        kind: 'self_exclusion',
        period: body.period,
        startedAt: new Date().toISOString(),
        endsAt: days(365),
      },
      sessionsEnded: 1,
    }));
    const section = await screen.findByRole('region', { name: 'Self-exclusion' });
    await user.click(within(section).getByRole('radio', { name: '1 year' }));
    await user.click(within(section).getByRole('button', { name: 'Self-exclude' }));
    expect(within(section).getByRole('alert')).toHaveTextContent(
      'Tick the box to confirm that you understand',
    );
    const box = within(section).getByRole('checkbox', { name: /I understand that I cannot log in/ });
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription('Tick the box to confirm that you understand');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(box);
    expect(within(section).queryByRole('alert')).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Self-exclude' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Self-exclude?' });
    const end = new Date();
    end.setUTCMonth(end.getUTCMonth() + 12);
    expect(dialog).toHaveTextContent(
      `Your self-exclusion of 1 year starts now. You will be logged out at once and cannot log in, deposit or play until ${when(end)}.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Self-exclude now' }));
    await waitFor(() => expect(exits.calls).toBe(1));
    expect(bodiesTo(responsibleGamingCalls.startSelfExclusion)).toEqual([{ period: '1y', confirm: true }]);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('sets the reality-check interval', async () => {
    const { user, server } = await openResponsibleGaming({ realityCheckMinutes: 15 });
    on(responsibleGamingCalls.setRealityCheck, ({ body }) => {
      server.settings = { ...server.settings, realityCheckMinutes: body.intervalMinutes };
      return server.settings;
    });
    // The member's info tells every page's reminder the interval: it is asked again after each change.
    const infoAnswers = () => callsTo(memberSessionCalls.memberInfo).length;
    const section = await screen.findByRole('region', { name: 'Reality check' });
    expect(within(section).getByRole('radio', { name: 'Every 15 minutes' })).toBeChecked();
    expect(
      within(section)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Off', 'Every 15 minutes', 'Every 30 minutes', 'Every 60 minutes']);
    await user.click(within(section).getByRole('radio', { name: 'Every 60 minutes' }));
    const before = infoAnswers();
    await user.click(within(section).getByRole('button', { name: 'Save reminder' }));
    expect(await within(section).findByText('You will be reminded every 60 minutes.')).toBeInTheDocument();
    await waitFor(() => expect(infoAnswers()).toBeGreaterThan(before));
    await user.click(within(section).getByRole('radio', { name: 'Off' }));
    await user.click(within(section).getByRole('button', { name: 'Save reminder' }));
    expect(await within(section).findByText('The reminder is off.')).toBeInTheDocument();
    expect(bodiesTo(responsibleGamingCalls.setRealityCheck)).toEqual([
      { intervalMinutes: 60 },
      { intervalMinutes: 0 },
    ]);
  });

  it('asks a trial member to register instead (member centre rule)', async () => {
    await openResponsibleGaming({ type: 4 });
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'The member centre is for registered members. Register now?',
    );
    expect(screen.queryByRole('region', { name: 'Daily limit' })).toBeNull();
    expect(callsTo(responsibleGamingCalls.responsibleGaming)).toEqual([]);
  });
});
