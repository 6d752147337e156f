import { ERROR_MESSAGES } from '@kl/contracts/error-messages';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { PwaNotices } from './pwa-notices.tsx';
import type { PwaController, PwaState } from './register.ts';

/** A controller whose state the test sets. */
function fakeController(initial: PwaState) {
  let state = initial;
  const listeners = new Set<() => void>();
  const controller: PwaController = {
    start: async () => undefined,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyUpdate: vi.fn(),
    dismissUpdate: vi.fn(),
  };
  const set = (next: Partial<PwaState>) =>
    act(() => {
      state = { ...state, ...next };
      for (const listener of listeners) listener();
    });
  return { controller, set };
}

beforeAll(async () => {
  await initI18n('en');
});

describe('PwaNotices', () => {
  it('shows nothing while online and up to date', () => {
    const { controller } = fakeController({ offline: false, updateReady: false });
    const { container } = render(<PwaNotices controller={controller} announce={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('says the network is offline, in the catalogue’s words, and announces it; it goes when back online', () => {
    const { controller, set } = fakeController({ offline: false, updateReady: false });
    const announce = vi.fn();
    render(<PwaNotices controller={controller} announce={announce} />);
    set({ offline: true });
    const notice = screen.getByRole('complementary', { name: 'Connection status' });
    expect(notice).toHaveTextContent(ERROR_MESSAGES.en.NETWORK_OFFLINE);
    expect(announce).toHaveBeenCalledWith(ERROR_MESSAGES.en.NETWORK_OFFLINE, 'polite');
    set({ offline: false });
    expect(screen.queryByRole('complementary', { name: 'Connection status' })).toBeNull();
  });

  it('offers a new version: Reload applies it, Later puts it off; the focus stays where it was', async () => {
    const user = userEvent.setup();
    const { controller, set } = fakeController({ offline: false, updateReady: false });
    const announce = vi.fn();
    render(
      <>
        <input aria-label="Typing" />
        <PwaNotices controller={controller} announce={announce} />
      </>,
    );
    await user.click(screen.getByLabelText('Typing'));
    await user.keyboard('half a message');
    set({ updateReady: true });
    const notice = screen.getByRole('complementary', { name: 'App update' });
    expect(notice).toHaveTextContent('A new version is available.');
    expect(announce).toHaveBeenCalledWith('A new version is available.', 'polite');
    expect(screen.getByLabelText('Typing')).toHaveFocus();
    expect(screen.getByLabelText('Typing')).toHaveValue('half a message');

    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(controller.dismissUpdate).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(controller.applyUpdate).toHaveBeenCalledTimes(1);
  });
});
