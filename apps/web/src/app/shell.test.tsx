import { LANGUAGES } from '@kl/contracts/i18n';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreen, renderApp } from '../test/render-app.tsx';

const openSideMenu = async (user: Awaited<ReturnType<typeof renderApp>>['user']) => {
  await findScreen();
  await user.click(screen.getByRole('button', { name: 'Menu' }));
  return screen.findByRole('dialog', { name: 'Menu' });
};

describe('language', () => {
  it('is Vietnamese by default', async () => {
    await renderApp('/m/home');
    await findScreen();
    expect(document.documentElement.lang).toBe('vi');
    expect(screen.getByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
    expect(
      within(screen.getByTestId('app-footer')).getByRole('link', { name: 'Hội viên' }),
    ).toBeInTheDocument();
  });

  it('?lang=en switches to English, changes <html lang> and is remembered', async () => {
    const first = await renderApp('/m/home?lang=en');
    await findScreen();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    // Taken out of the address once applied: a reload shows whatever is chosen later.
    await waitFor(() => expect(window.location.search).toBe(''));
    first.unmount();

    await renderApp('/m/activity');
    await findScreen();
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('?lang= on a later navigation switches too', async () => {
    await renderApp('/m/home?lang=en');
    await findScreen();
    window.history.pushState(null, '', '/m/home?lang=vi');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(await screen.findByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('vi');
    expect(window.localStorage.getItem('lang')).toBe('vi');
  });

  it('is chosen in the side menu among every language, the incomplete ones disabled', async () => {
    const { user } = await renderApp('/m/home?lang=en');
    const menu = await openSideMenu(user);
    const group = within(menu).getByRole('radiogroup', { name: 'Language' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(LANGUAGES.length);
    for (const language of LANGUAGES) {
      const radio = within(group).getByRole('radio', { name: language.nativeName });
      if (language.code === 'VI' || language.code === 'EN') {
        expect(radio).toBeEnabled();
      } else {
        expect(radio).toBeDisabled();
        expect(radio).toHaveAccessibleDescription('Translation not available yet');
      }
    }
    expect(within(group).getByRole('radio', { name: 'English' })).toBeChecked();

    await user.click(within(group).getByRole('radio', { name: 'Tiếng Việt' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('vi'));
    expect(window.localStorage.getItem('lang')).toBe('vi');
    expect(within(group).getByRole('radio', { name: 'Tiếng Việt' })).toBeChecked();
    expect(await screen.findByRole('link', { name: 'Đăng nhập' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '日本語' })).toHaveAccessibleDescription(
      'Chưa có bản dịch',
    );
  });
});

describe('side menu', () => {
  it('is a dialog with the site name, home link and the GMT+8 clock', async () => {
    const { user } = await renderApp('/m/home?lang=en');
    const menu = await openSideMenu(user);
    expect(menu).toHaveAttribute('data-testid', 'side-menu');
    expect(menu).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(await within(menu).findByText('Kim Long')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/m/home');
    expect(within(menu).getByTestId('gmt8-clock').textContent).toMatch(
      /^\d{2}:\d{2}:\d{2} \| \d{2}\/\d{2}\/\d{4}$/,
    );
  });

  it('closes with Escape and gives the focus back to its toggle', async () => {
    const { user } = await renderApp('/m/home?lang=en');
    const menu = await openSideMenu(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(menu).not.toBeInTheDocument());
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // The focus comes back as the panel's effects are cleaned up, just after it leaves the page.
    await waitFor(() => expect(toggle).toHaveFocus());
  });

  it('closes with its close button', async () => {
    const { user } = await renderApp('/m/home?lang=en');
    const menu = await openSideMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(menu).not.toBeInTheDocument());
  });

  it('its home link goes home and closes it', async () => {
    const { user } = await renderApp('/m/login?lang=en');
    const menu = await openSideMenu(user);
    await user.click(within(menu).getByRole('link', { name: 'Home' }));
    expect(await findScreen()).toHaveAttribute('data-page', 'home');
    await waitFor(() => expect(menu).not.toBeInTheDocument());
  });
});

describe('theme', () => {
  it('is dark by default; the switch turns it light and it is remembered', async () => {
    const first = await renderApp('/m/home?lang=en');
    expect(document.documentElement.dataset.theme).toBe('dark');
    const menu = await openSideMenu(first.user);
    const lightTheme = within(menu).getByRole('switch', { name: 'Light theme' });
    expect(lightTheme).not.toBeChecked();

    await first.user.click(lightTheme);
    expect(lightTheme).toBeChecked();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    first.unmount();

    const second = await renderApp('/m/home?lang=en');
    expect(document.documentElement.dataset.theme).toBe('light');
    const reopened = await openSideMenu(second.user);
    await second.user.click(within(reopened).getByRole('switch', { name: 'Light theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
  });
});
