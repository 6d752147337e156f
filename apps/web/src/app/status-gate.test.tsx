import { contentCalls } from '@kl/contracts/content';
import { CACHE_KEYS } from '@kl/contracts/constants';
import type { SystemStatus } from '@kl/contracts/status';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatSiteDateTime } from '../shared/lib/date-format.ts';
import { createSystemStatus } from '../test/factories.ts';
import { on } from '../test/fake-api.ts';
import { findScreen, renderApp } from '../test/render-app.tsx';

const cachedSiteName = () => {
  const raw = window.localStorage.getItem(CACHE_KEYS.status);
  return raw === null ? null : (JSON.parse(raw) as SystemStatus).info.whitelabel.siteName;
};

/** A status answer the test releases when it wants. */
function deferredStatus() {
  let release: (status: SystemStatus) => void = () => {};
  const promise = new Promise<SystemStatus>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const withSiteName = (siteName: string, overrides: Parameters<typeof createSystemStatus>[0] = {}) => {
  const status = createSystemStatus(overrides);
  return { ...status, info: { ...status.info, whitelabel: { ...status.info.whitelabel, siteName } } };
};

describe('system status (product.md §4)', () => {
  it('shows the cached status at once, then the server one, and caches it', async () => {
    const server = deferredStatus();
    const { fetchMock } = await renderApp('/m/home?lang=en', {
      cachedStatus: withSiteName('Cached Site'),
      status: () => server.promise,
    });
    expect(await screen.findByRole('img', { name: 'Cached Site' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/status', expect.objectContaining({ method: 'GET' }));

    server.release(withSiteName('Fresh Site'));
    expect(await screen.findByRole('img', { name: 'Fresh Site' })).toBeInTheDocument();
    expect(cachedSiteName()).toBe('Fresh Site');
  });

  it('shows the maintenance page from the cache before the server answers', async () => {
    const server = deferredStatus();
    await renderApp('/m/home?lang=en', {
      cachedStatus: createSystemStatus({ status: 1, maintenance: true }),
      status: () => server.promise,
    });
    expect(screen.getByTestId('maintenance-page')).toBeInTheDocument();
    server.release(createSystemStatus());
    expect(await findScreen()).toHaveAttribute('data-page', 'home');
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
  });

  it.each([
    ['not JSON', '{"status":'],
    ['not a system status', JSON.stringify({ status: 0, merchantCode: 'kimlong' })],
    ['an unknown status code', JSON.stringify({ ...createSystemStatus(), status: 7 })],
  ])('ignores and removes a cache that is %s, and asks the server', async (_what, raw) => {
    const { fetchMock } = await renderApp('/m/home?lang=en', {
      cachedStatus: raw,
      status: withSiteName('Server Site'),
    });
    expect(await screen.findByRole('img', { name: 'Server Site' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
    expect(cachedSiteName()).toBe('Server Site');
  });

  it('removes a corrupt cache even before the server answers', async () => {
    const server = deferredStatus();
    await renderApp('/m/home?lang=en', { cachedStatus: 'not json', status: () => server.promise });
    expect(window.localStorage.getItem(CACHE_KEYS.status)).toBeNull();
    expect(await findScreen()).toHaveAttribute('data-page', 'home');
  });

  it('shows maintenance for status 1, even with the region restricted too', async () => {
    const until = '2030-01-02T03:04:00.000Z';
    const maintenance = createSystemStatus({
      status: 1,
      maintenance: true,
      regionRestriction: true,
      info: { maintenanceUntil: until },
    });
    let answer: SystemStatus = maintenance;
    // The notice page behind it, once open: no announcement.
    on(contentCalls.notice, { list: [], pageNum: 1, totalPages: 1, total: 0 });
    const { user, fetchMock } = await renderApp('/m/notice?lang=en', { status: () => answer });

    const page = await screen.findByTestId('maintenance-page');
    expect(screen.queryByTestId('region-restricted-page')).toBeNull();
    expect(screen.queryByTestId('app-header')).toBeNull();
    expect(within(page).getByRole('heading', { level: 1, name: 'Under maintenance' })).toBeInTheDocument();
    expect(page).toHaveTextContent(`Expected back at ${formatSiteDateTime(until)}`);
    const chat = within(page).getByRole('link', { name: 'Live chat' });
    expect(chat).toHaveAttribute('href', 'https://chat.example.test/room');
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(page).getByRole('link', { name: 'Telegram' })).toBeInTheDocument();

    // The retry button asks the server again; back to normal, the app shows the page asked for.
    answer = createSystemStatus();
    const statusCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/status'));
    const callsBefore = statusCalls().length;
    await user.click(within(page).getByRole('button', { name: 'Try again' }));
    expect(await findScreen()).toHaveAttribute('data-page', 'notice');
    expect(statusCalls()).toHaveLength(callsBefore + 1);
  });

  it('shows no resume time when the status has none', async () => {
    await renderApp('/m/home?lang=en', { status: createSystemStatus({ status: 1, maintenance: true }) });
    const page = await screen.findByTestId('maintenance-page');
    expect(page).not.toHaveTextContent('Expected back at');
  });

  it('shows the region restriction page with the caller’s IP for status 2', async () => {
    await renderApp('/m/home?lang=en', {
      status: createSystemStatus({
        status: 2,
        regionRestriction: true,
        location: { ip: '198.51.100.23', country: 'US' },
      }),
    });
    const page = await screen.findByTestId('region-restricted-page');
    expect(screen.queryByTestId('maintenance-page')).toBeNull();
    expect(within(page).getByRole('heading', { level: 1, name: 'Access restricted' })).toBeInTheDocument();
    expect(page).toHaveTextContent('Your IP address: 198.51.100.23');
    expect(within(page).getByRole('link', { name: 'Live chat' })).toBeInTheDocument();
  });

  it('shows the app and a network message when the server cannot be reached and nothing is cached', async () => {
    await renderApp('/m/home?lang=en', { status: 'network-error' });
    expect(await findScreen()).toHaveAttribute('data-page', 'home');
    await waitFor(
      () =>
        expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
          'The network is offline, please check your connection',
        ),
      { timeout: 4_000 },
    );
    expect(window.localStorage.getItem(CACHE_KEYS.status)).toBeNull();
  });

  it('keeps the cached status, without a message, when the refresh fails', async () => {
    await renderApp('/m/home?lang=en', {
      cachedStatus: withSiteName('Cached Site'),
      status: 'network-error',
    });
    expect(await screen.findByRole('img', { name: 'Cached Site' })).toBeInTheDocument();
    const statusCalls = () =>
      vi.mocked(window.fetch).mock.calls.filter(([input]) => String(input).includes('/api/status'));
    await waitFor(() => expect(statusCalls()).toHaveLength(2), { timeout: 3_000 });
    expect(screen.queryByText('The network is offline, please check your connection')).toBeNull();
    expect(cachedSiteName()).toBe('Cached Site');
  });
});
