import { SETTINGS_FIELDS, type SiteSettings } from '@kl/contracts/admin/site-settings';
import { imageUrlOf } from '@kl/contracts/images';
import { MERCHANT_TOGGLES, type MerchantToggles } from '@kl/contracts/status';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  createOperator,
  failure,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

function createSettings(overrides: Partial<SiteSettings> = {}): SiteSettings {
  const toggles = Object.fromEntries(MERCHANT_TOGGLES.map((name) => [name, false])) as MerchantToggles;
  return {
    merchantCode: 'kl',
    general: {
      siteName: 'Kim Long',
      mainDomain: 'kimlong.vn',
      mirrorDomains: [],
      themeColor: '#d4a017',
      timeZone: 'Asia/Ho_Chi_Minh',
      logoImageId: null,
    },
    toggles: { ...toggles, USERNAMEREG3: true },
    agentMaxDepth: 3,
    sessionIdleMinutes: 10_080,
    fieldRules: SETTINGS_FIELDS.map((field) => ({
      field,
      enabled: field === 'email',
      required: false,
    })),
    customerService: [],
    resources: [{ resourceType: 'LOGINLINK', url: '/m/login', labelNameEn: 'Log in' }],
    homeSections: ['HOT', 'FAV', 'NEW_GAME', 'BG'],
    smsAvailable: false,
    socialLoginAvailable: false,
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

const owner = on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('owner')));

/** The settings read, and saved as the server does (what is sent is kept and answered). */
function storedSettings() {
  let settings = createSettings();
  return [
    on(adminCalls.adminSiteSettings, () => answer(adminCalls.adminSiteSettings, settings)),
    on(adminCalls.adminSetSiteSettings, (request) => {
      const body = bodyOf(adminCalls.adminSetSiteSettings, request);
      settings = { ...settings, ...body, updatedAt: '2026-03-01T09:00:00.000Z' };
      return answer(adminCalls.adminSetSiteSettings, settings);
    }),
  ];
}

/** The screen in English, as an owner, on settings saved as the server does. */
const openStoredSettings = () =>
  renderAdmin('/site-settings', {
    routes: [owner, ...storedSettings()],
    storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
  });

describe('the site settings screen', () => {
  it('loads the settings and refuses a bad domain before sending', { timeout: 30_000 }, async () => {
    const { user, api } = await renderAdmin('/site-settings', {
      routes: [
        owner,
        on(adminCalls.adminSiteSettings, () => answer(adminCalls.adminSiteSettings, createSettings())),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await findHeading('Site settings');
    expect(await screen.findByLabelText('Site name')).toHaveValue('Kim Long');
    // The time of the last change in the merchant's zone, with its offset.
    expect(screen.getByText('Last changed: 01/03/2026 15:00:00 (UTC+07:00)')).toBeVisible();
    const domain = screen.getByLabelText('Main domain');
    await user.clear(domain);
    await user.paste('https://rongvang.vn/');

    await user.click(screen.getByText('Features of the player site'));
    expect(await screen.findByLabelText('Registration with a username and password')).toBeChecked();
    expect(screen.getAllByText(/Needs an SMS sender/)).toHaveLength(2);

    // Refused on its tab, which opens.
    await user.click(screen.getByText('Save'));
    const refusal = await screen.findByText(/Enter host names such as example.com/);
    await waitFor(() => expect(refusal).toBeVisible());
    expect(api.requestsOf(adminCalls.adminSetSiteSettings)).toHaveLength(0);
  });

  it('saves what the operator changed', { timeout: 30_000 }, async () => {
    const { user, api } = await openStoredSettings();
    const name = await screen.findByLabelText('Site name');
    await user.clear(name);
    await user.paste('Rồng Vàng');
    await user.click(screen.getByText('Features of the player site'));
    await user.click(await screen.findByLabelText('Live chat with customer service'));
    await user.click(screen.getByText('Registration form fields'));
    expect(await screen.findByLabelText('E-mail: shown')).toBeChecked();
    expect(screen.getByLabelText('Zalo: required')).toBeDisabled();
    await user.click(screen.getByLabelText('E-mail: required'));
    await user.click(screen.getByText('Links'));
    await user.click(await screen.findByText('Add a customer service link'));
    await user.click(screen.getByLabelText('Customer service link 1: address'));
    await user.paste('/m/service');
    await user.click(screen.getByText('Save'));

    await waitFor(() => expect(api.requestsOf(adminCalls.adminSetSiteSettings)).toHaveLength(1));
    const [sent] = api.requestsOf(adminCalls.adminSetSiteSettings).map((request) => request.json);
    expect(sent).toMatchObject({
      general: { siteName: 'Rồng Vàng', mainDomain: 'kimlong.vn', timeZone: 'Asia/Ho_Chi_Minh' },
      toggles: { CBS3: true, USERNAMEREG3: true },
      agentMaxDepth: 3,
      customerService: [{ csType: 'LIVECHAT', path: '/m/service' }],
      resources: [{ resourceType: 'LOGINLINK', url: '/m/login', labelNameEn: 'Log in' }],
    });
    expect((sent as SiteSettings).fieldRules.find((rule) => rule.field === 'email')).toEqual({
      field: 'email',
      enabled: true,
      required: true,
    });
    expect(await screen.findByText('Site settings saved')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Site name')).toHaveValue('Rồng Vàng'));
  });

  it(
    'uploads the logo and saves it with the settings; removing it sends none',
    { timeout: 30_000 },
    async () => {
      const logoId = 'a'.repeat(32);
      const { user, api } = await renderAdmin('/site-settings', {
        routes: [
          owner,
          ...storedSettings(),
          on(adminCalls.adminUploadImage, () =>
            answer(adminCalls.adminUploadImage, {
              id: logoId,
              url: imageUrlOf(logoId),
              width: 384,
              height: 96,
            }),
          ),
        ],
        storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
      });
      await findHeading('Site settings');
      expect(await screen.findByText('No picture uploaded yet')).toBeVisible();
      const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
      await user.upload(screen.getByLabelText('Choose a file: Logo'), file);
      expect(await screen.findByRole('img', { name: 'Logo: the picture now' })).toHaveAttribute(
        'src',
        imageUrlOf(logoId),
      );
      expect(api.requestsOf(adminCalls.adminUploadImage)[0]?.url.searchParams.get('place')).toBe('logo');
      await user.click(screen.getByText('Save'));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminSetSiteSettings)).toHaveLength(1));
      expect(api.requestsOf(adminCalls.adminSetSiteSettings)[0]?.json).toMatchObject({
        general: { siteName: 'Kim Long', logoImageId: logoId },
      });

      // The saved settings come back with the logo; taking it away sends null (the drawn logo again).
      await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
      await user.click(screen.getByText('Save'));
      await waitFor(() => expect(api.requestsOf(adminCalls.adminSetSiteSettings)).toHaveLength(2));
      expect(api.requestsOf(adminCalls.adminSetSiteSettings)[1]?.json).toMatchObject({
        general: { logoImageId: null },
      });
    },
  );

  it(
    'orders home’s game sections and hides one; a hidden one is listed after the shown ones',
    { timeout: 30_000 },
    async () => {
      const { user, api } = await openStoredSettings();
      await findHeading('Site settings');
      await user.click(await screen.findByRole('tab', { name: 'Home' }));
      const list = await screen.findByRole('list', { name: 'Home' });
      const names = () =>
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent);
      expect(names()).toEqual([
        'Hot games',
        'Favourites (members)',
        'New games',
        'BG games',
        'In-house slots',
      ]);
      expect(screen.getByRole('switch', { name: 'Show In-house slots' })).not.toBeChecked();
      expect(screen.getByRole('button', { name: 'Move Hot games up' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Move In-house slots down' })).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Move New games up' }));
      await user.click(screen.getByRole('button', { name: 'Move New games up' }));
      await user.click(screen.getByRole('switch', { name: 'Show Favourites (members)' }));
      await user.click(screen.getByRole('switch', { name: 'Show In-house slots' }));
      expect(names()).toEqual([
        'New games',
        'Hot games',
        'Favourites (members)',
        'BG games',
        'In-house slots',
      ]);
      await user.click(screen.getByText('Save'));

      await waitFor(() => expect(api.requestsOf(adminCalls.adminSetSiteSettings)).toHaveLength(1));
      expect(api.requestsOf(adminCalls.adminSetSiteSettings)[0]?.json).toMatchObject({
        homeSections: ['NEW_GAME', 'HOT', 'BG', 'BGS'],
      });
      expect(await screen.findByText('Site settings saved')).toBeVisible();
    },
  );

  it('shows why the server refused a change', { timeout: 30_000 }, async () => {
    const { user } = await renderAdmin('/site-settings', {
      routes: [
        owner,
        on(adminCalls.adminSiteSettings, () => answer(adminCalls.adminSiteSettings, createSettings())),
        on(adminCalls.adminSetSiteSettings, () => failure('SMS_NOT_CONFIGURED')),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    await user.click(await screen.findByText('Features of the player site'));
    await user.click(await screen.findByLabelText('Sign-in with a code sent by SMS'));
    await user.click(screen.getByText('Save'));
    expect(
      await screen.findByText(
        'The site has no SMS sender, so SMS verification and SMS sign-in cannot be switched on',
      ),
    ).toBeVisible();
  });

  it('shows support the settings without a way to change them', async () => {
    await renderAdmin('/site-settings', {
      routes: [
        on(adminCalls.adminSession, () => answer(adminCalls.adminSession, createOperator('support'))),
        on(adminCalls.adminSiteSettings, () => answer(adminCalls.adminSiteSettings, createSettings())),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'en' },
    });
    expect(await screen.findByLabelText('Site name')).toBeDisabled();
    expect(screen.queryByText('Save')).toBeNull();
  });
});
