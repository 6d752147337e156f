import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { openWithMessages } from '../../test/open-messages.ts';

/**
 * The help HTML's handlers mark the document (an inline handler's `window` is not the test's, the
 * document is shared).
 */
const injected = () => document.documentElement.dataset.helpInjected;

afterEach(() => {
  delete document.documentElement.dataset.helpInjected;
});

const menu = () => screen.getByRole('navigation', { name: 'Help topics' });
const current = () => within(menu()).getByRole('link', { current: 'page' });
const toggle = (title: string) => screen.getByRole('button', { name: title });

describe('help centre (product.md §2 /m/help, /m/helpDetail)', () => {
  it('shows the topic menu and the first topic’s items, each opening its content', async () => {
    const { user, messages } = await openWithMessages('/m/help?lang=en', { viewer: 'visitor' });
    await waitFor(() => expect(current()).toHaveTextContent('FAQ'));
    expect(
      within(menu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['FAQ', 'How to deposit', 'Terms and conditions']);
    expect(messages.callsTo('/api/help')[0]?.query).toMatchObject({ device: 'MOBILE', lang: 'en' });
    expect(screen.getByRole('heading', { level: 2, name: 'FAQ' })).toBeInTheDocument();
    expect(toggle('How do I open an account?')).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle('How do I open an account?'));
    expect(toggle('How do I open an account?')).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Register')).toBeInTheDocument();
    expect(window.location.search).toBe('?tag=faq&c=0');

    await user.click(within(menu()).getByRole('link', { name: 'How to deposit' }));
    await waitFor(() => expect(current()).toHaveTextContent('How to deposit'));
    // A one-item topic shows its item open.
    expect(await screen.findByText('Scan the QR code.')).toBeInTheDocument();
  });

  it('opens the terms with ?tag=terms', async () => {
    await openWithMessages('/m/help?tag=terms&lang=en');
    await waitFor(() => expect(current()).toHaveTextContent('Terms and conditions'));
    expect(toggle('Terms of use')).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('You must be 18 or older.')).toBeInTheDocument();
  });

  it('chooses the topic by position (i) and the open item (c)', async () => {
    await openWithMessages('/m/help?i=0&c=1&lang=en');
    await waitFor(() => expect(current()).toHaveTextContent('FAQ'));
    expect(toggle('Keeping your account safe')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('How do I open an account?')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows help HTML without running its script, event handlers or javascript: links', async () => {
    const { user } = await openWithMessages('/m/help?tag=faq&c=1&lang=en');
    const content = await screen.findByTestId('html-content');
    expect(within(content).getByText('Never share your password.')).toBeInTheDocument();
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')).toHaveAttribute('alt', 'Kim Long');
    expect(content.querySelector('[onerror]')).toBeNull();
    expect(within(content).getByText('Click')).not.toHaveAttribute('href');
    // The image fails to load as it would in a browser: no handler of the help HTML runs.
    fireEvent.error(content.querySelector('img') as HTMLImageElement);
    expect(injected()).toBeUndefined();

    // A link to a screen of the site stays in the app.
    await user.click(within(content).getByRole('link', { name: 'customer service' }));
    await waitFor(() => expect(window.location.pathname).toBe('/m/service'));
  });

  it('shows one item on /m/helpDetail, sanitised, with the way to its topic', async () => {
    const { messages } = await openWithMessages('/m/helpDetail?id=12&lang=en');
    const detail = await screen.findByTestId('help-detail');
    expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent('Keeping your account safe');
    expect(messages.callsTo('/api/help/item')[0]?.query).toMatchObject({ itemId: '12', lang: 'en' });
    const content = await within(detail).findByTestId('html-content');
    expect(within(content).getByText('Never share your password.')).toBeInTheDocument();
    expect(content.querySelector('script, [onerror]')).toBeNull();
    expect(within(detail).getByRole('link', { name: 'All help topics' })).toHaveAttribute(
      'href',
      '/m/help?tag=faq',
    );
  });

  it('says so when a help item does not exist', async () => {
    await openWithMessages('/m/helpDetail?id=999&lang=en');
    expect(await screen.findByText('This help topic was not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All help topics' })).toHaveAttribute('href', '/m/help');
  });
});
