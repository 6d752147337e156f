import { contentCalls, type HelpItem, type HelpTopic } from '@kl/contracts/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, failure, on } from '../../test/fake-api.ts';
import { openWithMessages, type OpenMessagesOptions } from '../../test/open-messages.ts';

/**
 * The help HTML's handlers mark the document (an inline handler's `window` is not the test's, the
 * document is shared).
 */
const injected = () => document.documentElement.dataset.helpInjected;

afterEach(() => {
  delete document.documentElement.dataset.helpInjected;
});

const UNSAFE_HTML =
  '<p><img src="/logo.svg" alt="Kim Long" onerror="document.documentElement.dataset.helpInjected=1"></p>' +
  '<p>Never share your password.</p><script>document.documentElement.dataset.helpInjected = 1;</script>' +
  '<p><a href="javascript:document.documentElement.dataset.helpInjected=1">Click</a> or see <a href="/m/service">customer service</a>.</p>';

const itemOf = (id: number, tag: string, title: string, content: string): HelpItem => ({
  id,
  tag,
  title,
  content,
  sort: id % 10,
});
const TOPICS: HelpTopic[] = [
  {
    ...{ tag: 'faq', name: 'FAQ', sort: 1 },
    items: [
      itemOf(11, 'faq', 'How do I open an account?', '<p>Tap <b>Register</b>.</p>'),
      itemOf(12, 'faq', 'Keeping your account safe', UNSAFE_HTML),
    ],
  },
  {
    ...{ tag: 'deposit', name: 'How to deposit', sort: 2 },
    items: [itemOf(21, 'deposit', 'Bank transfer', '<p>Scan the QR code.</p>')],
  },
  {
    ...{ tag: 'terms', name: 'Terms and conditions', sort: 3 },
    items: [itemOf(31, 'terms', 'Terms of use', '<p>You must be 18 or older.</p>')],
  },
];

/** Opens `path` with the help centre of TOPICS (an item by its id). */
function openHelp(path: string, options: OpenMessagesOptions = {}) {
  on(contentCalls.helpCentre, { lang: 'en', device: 'MOBILE', topics: TOPICS });
  on(contentCalls.helpItem, ({ query }) => {
    const item = TOPICS.flatMap((topic) => topic.items).find(({ id }) => id === Number(query.itemId));
    return item ?? failure('NOT_FOUND');
  });
  return openWithMessages(path, options);
}

const menu = () => screen.getByRole('navigation', { name: 'Help topics' });
const current = () => within(menu()).getByRole('link', { current: 'page' });
const toggle = (title: string) => screen.getByRole('button', { name: title });

describe('help centre (product.md §2 /m/help, /m/helpDetail)', () => {
  it('shows the topic menu and the first topic’s items, each opening its content', async () => {
    const { user } = await openHelp('/m/help?lang=en', { viewer: 'visitor' });
    await waitFor(() => expect(current()).toHaveTextContent('FAQ'));
    expect(
      within(menu())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['FAQ', 'How to deposit', 'Terms and conditions']);
    expect(callsTo(contentCalls.helpCentre)[0]?.query).toMatchObject({ device: 'MOBILE', lang: 'en' });
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
    await openHelp('/m/help?tag=terms&lang=en');
    await waitFor(() => expect(current()).toHaveTextContent('Terms and conditions'));
    expect(toggle('Terms of use')).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('You must be 18 or older.')).toBeInTheDocument();
  });

  it('chooses the topic by position (i) and the open item (c)', async () => {
    await openHelp('/m/help?i=0&c=1&lang=en');
    await waitFor(() => expect(current()).toHaveTextContent('FAQ'));
    expect(toggle('Keeping your account safe')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle('How do I open an account?')).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows help HTML without running its script, event handlers or javascript: links', async () => {
    const { user } = await openHelp('/m/help?tag=faq&c=1&lang=en');
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
    await openHelp('/m/helpDetail?id=12&lang=en');
    const detail = await screen.findByTestId('help-detail');
    expect(within(detail).getByRole('heading', { level: 2 })).toHaveTextContent('Keeping your account safe');
    expect(callsTo(contentCalls.helpItem)[0]?.query).toMatchObject({ itemId: '12', lang: 'en' });
    const content = await within(detail).findByTestId('html-content');
    expect(within(content).getByText('Never share your password.')).toBeInTheDocument();
    expect(content.querySelector('script, [onerror]')).toBeNull();
    expect(within(detail).getByRole('link', { name: 'All help topics' })).toHaveAttribute(
      'href',
      '/m/help?tag=faq',
    );
  });

  it('says so when a help item does not exist', async () => {
    await openHelp('/m/helpDetail?id=999&lang=en');
    expect(await screen.findByText('This help topic was not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All help topics' })).toHaveAttribute('href', '/m/help');
  });
});
