import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { initI18n } from '../../shared/lib/i18n.ts';
import { chatCalls } from '@kl/contracts/chat';
import { contentCalls } from '@kl/contracts/content';
import { createSystemStatus } from '../../test/factories.ts';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { SERVICE_LINKS } from '../../test/fake-messages.ts';
import { stubServer } from '../../test/fake-server.ts';
import { expectChatLaunched, openWithMessages } from '../../test/open-messages.ts';
import { shown } from '../../test/dialogs.ts';
import { CustomerServicePopup } from './index.ts';
import { goToAddress } from './lib/go-to-address.ts';

vi.mock('./lib/go-to-address.ts', () => ({ goToAddress: vi.fn() }));

beforeEach(() => {
  vi.mocked(goToAddress).mockReset();
});

const startButton = () => screen.getByRole('button', { name: 'Start live chat' });

describe('/m/service (product.md §2, §4 Live chat)', () => {
  it('starts live chat for a member: "Please wait...", then the chat page 500 ms after the answer', async () => {
    const { user } = await openWithMessages('/m/service?lang=en');
    expect(screen.getByRole('heading', { level: 1, name: 'Customer service' })).toBeInTheDocument();
    const launch = await expectChatLaunched(() => user.click(startButton()), vi.mocked(goToAddress));
    expect(launch.query).toMatchObject({ language: 'EN', backUrl: '/m/service', headerColor: '#f2c14e' });
  });

  it('lists the other customer-service links, other sites opening in a new tab', async () => {
    await openWithMessages('/m/service?lang=en');
    const section = await screen.findByRole('region', { name: 'Other ways to reach us' });
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(4));
    const links = within(section).getAllByRole('link');
    // Live chat is the button above; the links back to this page are left out.
    expect(links.map((link) => link.getAttribute('data-cs-type'))).toEqual([
      'TELEGRAM',
      'FACEBOOK',
      'YOUTUBE',
      'whatsapp',
    ]);
    expect(links[0]).toHaveAccessibleName('Telegram (opens in a new tab)');
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('shows only the links when CBS3 is off', async () => {
    await openWithMessages('/m/service?lang=en', { cbs3: false });
    const section = await screen.findByRole('region', { name: 'Contact customer service' });
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Start live chat' })).toBeNull();
    expect(callsTo(chatCalls.launchChat)).toHaveLength(0);
  });

  it('gives trial members the free_reject message instead of live chat (product.md §6)', async () => {
    const { user } = await openWithMessages('/m/service?lang=en', { viewer: 'trial' });
    await user.click(startButton());
    expect(await screen.findByText('This feature is not available to trial accounts')).toBeInTheDocument();
    expect(callsTo(chatCalls.launchChat)).toHaveLength(0);
    expect(goToAddress).not.toHaveBeenCalled();
  });

  it('sends a visitor to log in first', async () => {
    const { user } = await openWithMessages('/m/service?lang=en', { viewer: 'visitor' });
    expect(screen.getByText('Log in to chat with our customer service team.')).toBeInTheDocument();
    await user.click(startButton());
    await waitFor(() => expect(window.location.pathname).toBe('/m/login'));
    expect(callsTo(chatCalls.launchChat)).toHaveLength(0);
  });

  it('tells the refusal of the server', async () => {
    // The server no longer offers live chat (CBS3 turned off since the page loaded).
    on(chatCalls.launchChat, failure('FEATURE_NOT_ENABLED', 403, { reason: 'CBS3_OFF' }));
    const { user } = await openWithMessages('/m/service?lang=en');
    // Fake timers: the clock moves past the redirect delay at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(startButton());
    expect(await screen.findByText('This account is not yet enabled for this feature')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(600);
    expect(goToAddress).not.toHaveBeenCalled();
  });
});

/** A page with a button that opens the popup, as the home widgets and the side menu do. */
function PopupHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Contact us
      </button>
      <CustomerServicePopup visible={open} onClose={() => setOpen(false)} />
    </>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

async function renderPopup() {
  await initI18n('en');
  on(contentCalls.service, SERVICE_LINKS);
  stubServer({ status: createSystemStatus() });
  const client = createQueryClient();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/m/home']}>
        <PopupHarness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

describe('customer-service popup (product.md §2)', () => {
  it('loads nothing until opened, then lists every customer-service link', async () => {
    const { user } = await renderPopup();
    // Had the closed popup started loading, its code and the call's schema would be there once these
    // imports are, and the call made by the time React's work is flushed (act).
    await act(async () => {
      await Promise.all([import('./components/customer-service-sheet.tsx'), import('@kl/contracts/content')]);
    });
    expect(callsTo(contentCalls.service)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Contact us' }));
    const popup = await screen.findByRole('dialog', { name: 'Contact customer service' });
    await waitFor(() => expect(within(popup).getAllByRole('listitem')).toHaveLength(6));
    expect(within(popup).getByRole('link', { name: 'Telegram (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://t.me/kimlong_cskh',
    );
    expect(within(popup).getByRole('link', { name: 'WhatsApp (opens in a new tab)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    // Without CBS3 the live chat item follows its path, a screen of the site.
    expect(within(popup).getByRole('link', { name: 'Live chat' })).toHaveAttribute('href', '/m/service');
    expect(within(popup).getByRole('link', { name: 'Customer service' })).toHaveAttribute(
      'href',
      '/m/service',
    );
    expect(popup).toHaveFocus();
  });

  it('closes with the close button and with Escape', async () => {
    const { user } = await renderPopup();
    await user.click(screen.getByRole('button', { name: 'Contact us' }));
    // Closed only once shown, as a person does (test/dialogs.ts says why a close sooner leaves it in the page).
    const popup = await shown(await screen.findByRole('dialog', { name: 'Contact customer service' }));
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Contact us' }));
    await shown(await screen.findByRole('dialog', { name: 'Contact customer service' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
