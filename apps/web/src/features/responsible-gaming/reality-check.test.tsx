import { walletCalls } from '@kl/contracts/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINUTE_MS } from './lib/play-clock.ts';
import { memberSessionCalls } from '@kl/contracts/member-session';
import { responsibleGamingCalls } from '@kl/contracts/responsible-gaming';
import { callsTo, on } from '../../test/fake-api.ts';
import { answerDeposit } from '../deposit/testing/fake-deposit.ts';
import { openResponsibleGaming } from './testing/open-responsible-gaming.ts';

// Whether the page downloaded the reminder's code and its dialog's.
const downloaded = vi.hoisted(() => ({ reminder: false, dialog: false }));
vi.mock('./reality-check-reminder.tsx', async (original) => {
  downloaded.reminder = true;
  return original();
});
vi.mock('./reality-check-dialog.tsx', async (original) => {
  downloaded.dialog = true;
  return original();
});

// The reminder counts real minutes: the tests run on fake timers and move the clock instead of waiting.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // The reminder is tried on the deposit screen.
  answerDeposit();
});
const settingsCalls = () => callsTo(responsibleGamingCalls.responsibleGaming).length;
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Lets the page go idle and waits until the member's info was asked for and the page downloaded the
 * reminder's code and its dialog's (the clock moves by minutes afterwards, much faster than a download).
 */
async function loadReminder() {
  await vi.advanceTimersByTimeAsync(1_000);
  await waitFor(() => expect(callsTo(memberSessionCalls.memberInfo).length).toBeGreaterThan(0));
  await waitFor(() => expect(downloaded).toEqual({ reminder: true, dialog: true }));
}

/**
 * Moves the clock a minute at a time until the reminder shows (testing-library's waitFor cannot do it:
 * moving the clock would end its own timeout).
 */
async function playUntilReminder(): Promise<HTMLElement> {
  for (let minute = 0; minute < 180; minute += 1) {
    const dialog = screen.queryByRole('alertdialog', { name: 'Reality check' });
    if (dialog) return dialog;
    await vi.advanceTimersByTimeAsync(MINUTE_MS);
  }
  throw new Error('No reality check within 3 hours of play');
}

describe('reality check reminder', () => {
  it('every interval tells a member how long they have been playing, with continue and history', async () => {
    // The history it leads to: nothing in it.
    on(walletCalls.walletTransactions, { list: [], pageNum: 1, totalPages: 0, total: 0 });
    const { user } = await openResponsibleGaming({
      realityCheckMinutes: 15,
      path: '/m/voucherCenter?lang=en',
    });
    await loadReminder();
    const first = await playUntilReminder();
    expect(first).toHaveTextContent('You have been playing for 15 min.');
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: 'Continue playing' })).toHaveFocus(),
    );
    // The member's info said the interval: the reminder asks for no settings.
    expect(settingsCalls()).toBe(0);

    await user.click(within(first).getByRole('button', { name: 'Continue playing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const second = await playUntilReminder();
    expect(second).toHaveTextContent(/You have been playing for (30|45|1 h 0) min\./);

    await user.click(within(second).getByRole('button', { name: 'See my history' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/member/history'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('reminds a member on home from the member info alone, asking for no settings', async () => {
    await openResponsibleGaming({ realityCheckMinutes: 15, path: '/m/home?lang=en' });
    await loadReminder();
    const dialog = await playUntilReminder();
    expect(dialog).toHaveTextContent('You have been playing for 15 min.');
    expect(settingsCalls()).toBe(0);
  });

  it('counts hours and minutes', async () => {
    window.sessionStorage.setItem(
      'kl.realityCheck.since',
      JSON.stringify({ userName: 'player01', since: Date.now() - 100 * MINUTE_MS }),
    );
    await openResponsibleGaming({
      realityCheckMinutes: 60,
      path: '/m/voucherCenter?lang=en',
    });
    await loadReminder();
    const dialog = await playUntilReminder();
    expect(dialog).toHaveTextContent(/You have been playing for [2-9] h 0 min\./);
    window.sessionStorage.clear();
  });

  it('stays quiet when the interval is off', async () => {
    await openResponsibleGaming({
      realityCheckMinutes: 0,
      path: '/m/voucherCenter?lang=en',
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(callsTo(memberSessionCalls.memberInfo).length).toBeGreaterThan(0));
    await vi.advanceTimersByTimeAsync(200 * MINUTE_MS);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks nothing for a trial member', async () => {
    await openResponsibleGaming({
      type: 4,
      realityCheckMinutes: 15,
      path: '/m/voucherCenter?lang=en',
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(20 * MINUTE_MS);
    expect(settingsCalls()).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
