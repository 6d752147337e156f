import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/lib/i18n.ts';
import { RouteLoading, SPINNER_DELAY_MS } from './route-loading.tsx';

beforeEach(async () => {
  await initI18n('en');
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('route loading', () => {
  it('says at once that the screen is on its way, and turns its spinner only once the wait lasts', () => {
    render(<RouteLoading />);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
    const spinner = screen.getByRole('status').querySelector('.kl-spinner');
    expect(spinner).toHaveAttribute('data-turning', 'false');
    act(() => vi.advanceTimersByTime(SPINNER_DELAY_MS - 1));
    expect(spinner).toHaveAttribute('data-turning', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(spinner).toHaveAttribute('data-turning', 'true');
  });
});
