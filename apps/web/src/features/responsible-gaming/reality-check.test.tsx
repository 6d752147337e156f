import { walletCalls } from '@kl/contracts/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINUTE_MS } from './lib/play-clock.ts';
import { responsibleGamingCalls } from '@kl/contracts/responsible-gaming';
import { callsTo, on } from '../../test/fake-api.ts';
import { answerDeposit } from '../deposit/testing/fake-deposit.ts';
import { openResponsibleGaming } from './testing/open-responsible-gaming.ts';

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
 * Lets the page go idle (the reminder loads then) and waits until the settings were asked for (the deposit
 * form asks them too, for its limits); answers how many times.
 */
async function loadReminder() {
  await vi.advanceTimersByTimeAsync(1_000);
  await waitFor(() => expect(settingsCalls()).toBeGreaterThan(0));
  return settingsCalls();
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
    const asked = await loadReminder();
    const first = await playUntilReminder();
    expect(first).toHaveTextContent('You have been playing for 15 min.');
    await waitFor(() =>
      expect(within(first).getByRole('button', { name: 'Continue playing' })).toHaveFocus(),
    );
    expect(settingsCalls()).toBe(asked);

    await user.click(within(first).getByRole('button', { name: 'Continue playing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    const second = await playUntilReminder();
    expect(second).toHaveTextContent(/You have been playing for (30|45|1 h 0) min\./);

    await user.click(within(second).getByRole('button', { name: 'See my history' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/member/history'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
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
    await loadReminder();
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
