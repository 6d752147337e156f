import { memberSessionCalls } from '@kl/contracts/member-session';
import { responsibleGamingCalls } from '@kl/contracts/responsible-gaming';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { callsTo } from '../../test/fake-api.ts';
import { answerDeposit } from '../deposit/testing/fake-deposit.ts';
import { MINUTE_MS } from './lib/play-clock.ts';
import { openResponsibleGaming } from './testing/open-responsible-gaming.ts';

// Whether the reminder and the confirmation dialog the reality check is built on were downloaded; a file of
// its own, so that no other test of the same module registry has downloaded them before.
const dialog = vi.hoisted(() => ({ downloaded: false }));
vi.mock('./components/confirm-dialog.tsx', async (original) => {
  dialog.downloaded = true;
  return original();
});
const reminder = vi.hoisted(() => ({ downloaded: false }));
vi.mock('./reality-check-reminder.tsx', async (original) => {
  reminder.downloaded = true;
  return original();
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  answerDeposit();
});
afterEach(() => {
  vi.useRealTimers();
});

it('downloads nothing of the reality check and asks for no settings on home for a member without an interval', async () => {
  await openResponsibleGaming({ realityCheckMinutes: 0, path: '/m/home?lang=en' });
  await waitFor(() => expect(callsTo(memberSessionCalls.memberInfo).length).toBeGreaterThan(0));
  await vi.advanceTimersByTimeAsync(30 * MINUTE_MS);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(reminder.downloaded).toBe(false);
  expect(dialog.downloaded).toBe(false);
  expect(callsTo(responsibleGamingCalls.responsibleGaming)).toEqual([]);
});

it('downloads nothing of the reality check dialog for a member without an interval', async () => {
  await openResponsibleGaming({ realityCheckMinutes: 0, path: '/m/voucherCenter?lang=en' });
  await vi.advanceTimersByTimeAsync(1_000);
  await waitFor(() => expect(callsTo(memberSessionCalls.memberInfo).length).toBeGreaterThan(0));
  await vi.advanceTimersByTimeAsync(30 * MINUTE_MS);
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(dialog.downloaded).toBe(false);
});
