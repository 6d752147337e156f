import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { realityCheckTiming } from './lib/play-clock.ts';
import { openResponsibleGaming } from './testing/open-responsible-gaming.ts';

const MINUTE_MS = realityCheckTiming.minuteMs;
afterEach(() => {
  realityCheckTiming.minuteMs = MINUTE_MS;
});

describe('reality check reminder', () => {
  it(
    'every interval tells a member how long they have been playing, with continue and history',
    { timeout: 15_000 },
    async () => {
      // A minute lasts 40 ms here: the 15-minute reminder comes after 600 ms of play.
      realityCheckTiming.minuteMs = 40;
      const { user, fake } = await openResponsibleGaming({
        realityCheckMinutes: 15,
        path: '/m/voucherCenter?lang=en',
      });
      const first = await screen.findByRole('alertdialog', { name: 'Reality check' }, { timeout: 4_000 });
      expect(first).toHaveTextContent('You have been playing for 15 min.');
      expect(within(first).getByRole('button', { name: 'Continue playing' })).toHaveFocus();
      expect(fake.state.settingsCalls).toBe(1);

      await user.click(within(first).getByRole('button', { name: 'Continue playing' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      const second = await screen.findByRole('alertdialog', { name: 'Reality check' }, { timeout: 3_000 });
      expect(second).toHaveTextContent(/You have been playing for (30|45|1 h 0) min\./);

      await user.click(within(second).getByRole('button', { name: 'See my history' }));
      await waitFor(() => expect(window.location.pathname).toBe('/m/member/history'));
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
  );

  it('counts hours and minutes', async () => {
    realityCheckTiming.minuteMs = 20;
    window.sessionStorage.setItem(
      'kl.realityCheck.since',
      JSON.stringify({ userName: 'player01', since: Date.now() - 100 * 20 }),
    );
    await openResponsibleGaming({ realityCheckMinutes: 60, path: '/m/voucherCenter?lang=en' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Reality check' }, { timeout: 4_000 });
    expect(dialog).toHaveTextContent(/You have been playing for [2-9] h 0 min\./);
    window.sessionStorage.clear();
  });

  it(
    'stays quiet when the interval is off, and for a trial member or a visitor asks nothing',
    { timeout: 15_000 },
    async () => {
      realityCheckTiming.minuteMs = 1;
      const member = await openResponsibleGaming({
        realityCheckMinutes: 0,
        path: '/m/voucherCenter?lang=en',
      });
      await waitFor(() => expect(member.fake.state.settingsCalls).toBe(1), { timeout: 4_000 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      member.unmount();

      const trial = await openResponsibleGaming({
        type: 4,
        realityCheckMinutes: 15,
        path: '/m/voucherCenter?lang=en',
      });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(trial.fake.state.settingsCalls).toBe(0);
      expect(screen.queryByRole('alertdialog')).toBeNull();
    },
  );
});
