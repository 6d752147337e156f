import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/lib/i18n.ts';
import { Gmt8Clock } from './gmt8-clock.tsx';

beforeEach(async () => {
  await initI18n('en');
  vi.useFakeTimers({ now: new Date('2025-06-30T15:59:58.400Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

it('shows GMT+8 time and refreshes every second, on the second', () => {
  const { unmount } = render(<Gmt8Clock />);
  const clock = screen.getByTestId('gmt8-clock');
  expect(clock).toHaveTextContent('23:59:58 | 30/06/2025');
  expect(screen.getByText('Time (GMT+8)')).toBeInTheDocument();

  act(() => vi.advanceTimersByTime(599));
  expect(clock).toHaveTextContent('23:59:58 | 30/06/2025');
  act(() => vi.advanceTimersByTime(1));
  expect(clock).toHaveTextContent('23:59:59 | 30/06/2025');
  act(() => vi.advanceTimersByTime(1_000));
  expect(clock).toHaveTextContent('00:00:00 | 01/07/2025');

  unmount();
  expect(vi.getTimerCount()).toBe(0);
});
