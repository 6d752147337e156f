import type { AdminProvider } from '@kl/contracts/admin/game-providers';
import { describe, expect, it } from 'vitest';
import {
  adminCalls,
  answer,
  bodyOf,
  chooseOption,
  createOperator,
  failure,
  fillIn,
  findHeading,
  LANGUAGE_STORAGE_KEY,
  on,
  renderAdmin,
  screen,
  waitFor,
  within,
} from '../../test/kit.ts';

const sandbox: AdminProvider = {
  code: 'sandbox',
  name: 'Sandbox provider',
  enabled: true,
  endpoint: 'http://127.0.0.1:8090',
  keyFingerprint: '3f2a9c0d11e4b7a8',
  keyCreatedAt: '2030-03-01T08:00:00.000Z',
  keyOrigin: 'environment',
  previousKeyFingerprint: null,
  previousKeyUntil: null,
  openRoundAction: 'settle',
  openRoundHours: 24,
  allowedAddresses: [],
  protocol: 'native',
  settings: { set: false, operatorId: null, hub88KeyFingerprint: null, operatorKeyFingerprint: null },
  reportUrl: null,
};
const rotated: AdminProvider = {
  ...sandbox,
  code: 'evo',
  name: 'Evo Live',
  endpoint: null,
  keyFingerprint: '0a1b2c3d4e5f6071',
  keyCreatedAt: '2030-03-02T08:00:00.000Z',
  keyOrigin: 'back_office',
  previousKeyFingerprint: '9e8d7c6b5a493827',
  previousKeyUntil: '2030-03-03T08:00:00.000Z',
  openRoundAction: 'void',
  openRoundHours: 48,
  allowedAddresses: ['203.0.113.10', '198.51.100.0/24', '2001:db8::/32', '192.0.2.7'],
  reportUrl: 'https://reports.evo.example/daily',
};
/** A Hub88 provider whose settings are set: the list says so, with the operator id and fingerprints only. */
const hub88: AdminProvider = {
  ...sandbox,
  code: 'hub88',
  name: 'Hub88 live',
  endpoint: 'https://api.hub88.example',
  protocol: 'hub88',
  settings: {
    set: true,
    operatorId: 4242,
    hub88KeyFingerprint: '5e6f7a8b9c0d1e2f',
    operatorKeyFingerprint: '1a2b3c4d5e6f7a8b',
  },
};
/** A key's shape as the form checks it (the server reads the key itself). */
const pem = (label: string) =>
  `-----BEGIN ${label}-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END ${label}-----`;
const NEW_KEY = 'q7Vf0dXl3mB2s9KcZr1uYw8hTn4aJe6oPg5iLx0bC2k';

const english = { [LANGUAGE_STORAGE_KEY]: 'en' };
const session = (operator = createOperator('owner')) =>
  on(adminCalls.adminSession, () => answer(adminCalls.adminSession, operator));
const listing = (list: AdminProvider[]) =>
  on(adminCalls.adminProviderRegistry, () => answer(adminCalls.adminProviderRegistry, { list }));

/** The list of one provider, whose edits the server saves and the list then shows. */
const editable = (provider: AdminProvider) => {
  const list = [provider];
  return [
    listing(list),
    on(adminCalls.adminUpdateProvider, (request) => {
      const { settings: _written, ...changed } = bodyOf(adminCalls.adminUpdateProvider, request);
      list[0] = {
        ...provider,
        ...changed,
        protocol: changed.protocol ?? provider.protocol,
        reportUrl: changed.reportUrl ?? provider.reportUrl,
      };
      return answer(adminCalls.adminUpdateProvider, list[0]);
    }),
  ];
};

/** The value an antd Select named `name` shows. */
const selected = (form: HTMLElement, name: string) =>
  within(form).getByRole('combobox', { name }).closest('.ant-select');

/** The row of a provider in the list, once shown. */
const rowOf = async (name: string, tableName = 'Game providers') => {
  const table = await screen.findByRole('table', { name: tableName });
  return (await within(table).findByText(name)).closest('tr') as HTMLElement;
};

describe('the game providers screen', () => {
  it('lists each provider with its open-round policy, allowed addresses, its key by fingerprint and the previous key while it is accepted', async () => {
    await renderAdmin('/game-providers', {
      routes: [session(), listing([sandbox, rotated])],
      storage: english,
    });
    await findHeading('Game providers');
    const first = await rowOf('Sandbox provider');
    expect(within(first).getByText('http://127.0.0.1:8090')).toBeVisible();
    expect(within(first).getByText('Settle after 24 h')).toBeVisible();
    expect(within(first).getByText('Any address')).toBeVisible();
    expect(within(first).getByText('3f2a9c0d11e4b7a8')).toBeVisible();
    expect(within(first).getByText('Set 01/03/2030 15:00:00 (UTC+07:00)')).toBeVisible();
    expect(within(first).getByText('From the environment')).toBeVisible();
    expect(within(first).queryByRole('button', { name: /End the overlap/ })).toBeNull();
    const second = await rowOf('Evo Live');
    expect(within(second).getByText('Void after 48 h')).toBeVisible();
    expect(within(second).getByText("The site's own")).toBeVisible();
    expect(within(second).getByText('https://reports.evo.example/daily')).toBeVisible();
    // The first addresses, the rest counted.
    for (const address of ['203.0.113.10', '198.51.100.0/24', '2001:db8::/32'])
      expect(within(second).getByText(address)).toBeVisible();
    expect(within(second).queryByText('192.0.2.7')).toBeNull();
    expect(within(second).getByText('and 1 more')).toBeVisible();
    expect(within(second).getByText('Set in the back office')).toBeVisible();
    expect(within(second).getByText('9e8d7c6b5a493827')).toBeVisible();
    expect(within(second).getByText('Accepted until 03/03/2030 15:00:00 (UTC+07:00)')).toBeVisible();
  });

  it('adds a provider, checking the address first, and shows its key once to copy', async () => {
    const list = [sandbox];
    const { user, api } = await renderAdmin('/game-providers', {
      routes: [
        session(),
        listing(list),
        on(adminCalls.adminCreateProvider, (request) => {
          const body = bodyOf(adminCalls.adminCreateProvider, request);
          const provider: AdminProvider = {
            ...rotated,
            code: body.code,
            name: body.name,
            endpoint: body.endpoint,
            openRoundAction: body.openRoundAction,
            openRoundHours: body.openRoundHours,
            allowedAddresses: body.allowedAddresses,
            previousKeyFingerprint: null,
            previousKeyUntil: null,
          };
          list.push(provider);
          return answer(adminCalls.adminCreateProvider, { provider, key: NEW_KEY });
        }),
      ],
      storage: english,
    });
    await user.click(await screen.findByRole('button', { name: 'New provider' }));
    const form = await screen.findByRole('dialog', { name: 'New provider' });
    /** Types a value in one go (a paste) into an empty field. */
    const fill = async (label: string, text: string) => {
      await user.click(within(form).getByLabelText(label));
      await user.paste(text);
    };
    expect(selected(form, 'Round left open')).toHaveTextContent('Settle');
    expect(within(form).getByLabelText('Hours after the first stake')).toHaveValue('24');
    await fill('Code', 'pgsoft');
    await fill('Name', 'PG Soft');
    await fill('API address', 'ftp://api.pgsoft.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('A full http:// or https:// address, without a user name or password'),
    ).toBeVisible();
    expect(api.requestsOf(adminCalls.adminCreateProvider)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('API address'));
    await fill('API address', 'https://api.pgsoft.example/v1');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing key of PG Soft' });
    expect(api.requestsOf(adminCalls.adminCreateProvider).map((request) => request.json)).toEqual([
      {
        code: 'pgsoft',
        name: 'PG Soft',
        endpoint: 'https://api.pgsoft.example/v1',
        openRoundAction: 'settle',
        openRoundHours: 24,
        allowedAddresses: [],
        protocol: 'native',
        settings: {},
        reportUrl: null,
      },
    ]);
    expect(within(shown).getByLabelText('Signing key')).toHaveValue(NEW_KEY);
    expect(within(shown).getByText('The key is shown only now and cannot be shown again.')).toBeVisible();
    expect(
      within(shown).getByText('The provider checks that its fingerprint is 0a1b2c3d4e5f6071.'),
    ).toBeVisible();
    await user.click(within(shown).getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(NEW_KEY)).toBeNull();
    expect(within(await rowOf('PG Soft')).getByText('Settle after 24 h')).toBeVisible();
  });

  it('adds a Pragmatic provider: its secret key as a password, checked with the API and report addresses before sending', async () => {
    const { user, api } = await renderAdmin('/game-providers', {
      routes: [
        session(),
        listing([sandbox]),
        on(adminCalls.adminCreateProvider, () =>
          answer(adminCalls.adminCreateProvider, { provider: rotated, key: NEW_KEY }),
        ),
      ],
      storage: english,
    });
    await user.click(await screen.findByRole('button', { name: 'New provider' }));
    const form = await screen.findByRole('dialog', { name: 'New provider' });
    expect(selected(form, 'Protocol')).toHaveTextContent("The site's own");
    expect(within(form).queryByLabelText('Pragmatic secret key')).toBeNull();
    await chooseOption(user, 'Protocol', 'Pragmatic Play');
    const secret = await within(form).findByLabelText('Pragmatic secret key');
    expect(secret).toHaveAttribute('type', 'password');
    expect(within(form).queryByLabelText('Hub88 operator id')).toBeNull();
    await fillIn(user, within(form).getByLabelText('Code'), 'pragmatic');
    await fillIn(user, within(form).getByLabelText('Name'), 'Pragmatic Play');
    await fillIn(user, secret, 'too-short');
    await fillIn(user, within(form).getByLabelText('Report address'), 'reports.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('At least 16 characters')).toBeVisible();
    expect(
      await within(form).findByText('Hub88 and Pragmatic providers need their API address'),
    ).toBeVisible();
    expect(
      await within(form).findAllByText('A full http:// or https:// address, without a user name or password'),
    ).toHaveLength(1);
    expect(api.requestsOf(adminCalls.adminCreateProvider)).toHaveLength(0);

    await fillIn(user, secret, '-and-long-enough-now');
    await fillIn(user, within(form).getByLabelText('API address'), 'https://games.pragmatic.example/play');
    await user.clear(within(form).getByLabelText('Report address'));
    await fillIn(user, within(form).getByLabelText('Report address'), 'https://reports.pragmatic.example');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Signing key of Evo Live' });
    expect(api.requestsOf(adminCalls.adminCreateProvider).map((request) => request.json)).toEqual([
      expect.objectContaining({
        code: 'pragmatic',
        endpoint: 'https://games.pragmatic.example/play',
        protocol: 'pragmatic',
        settings: { secretKey: 'too-short-and-long-enough-now' },
        reportUrl: 'https://reports.pragmatic.example',
      }),
    ]);
  });

  it('edits a Hub88 provider without showing its keys: empty keeps them, a key pasted is checked and sent', async () => {
    const { user, api } = await renderAdmin('/game-providers', {
      routes: [session(), ...editable(hub88)],
      storage: english,
    });
    expect(within(await rowOf('Hub88 live')).getByText('Hub88')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit provider Hub88 live' }));
    const form = await screen.findByRole('dialog', { name: 'Edit provider hub88' });
    expect(selected(form, 'Protocol')).toHaveTextContent('Hub88');
    expect(within(form).getByLabelText('Hub88 operator id')).toHaveValue('4242');
    const privateKey = within(form).getByLabelText("Operator's private key (PEM)");
    const publicKey = within(form).getByLabelText("Hub88's public key (PEM)");
    // A stored key is never shown: the fields are empty, the public keys said by fingerprint.
    expect(privateKey).toHaveValue('');
    expect(publicKey).toHaveValue('');
    expect(within(form).getByText(/fingerprint 1a2b3c4d5e6f7a8b\) and never shown/)).toBeVisible();
    expect(within(form).getByText(/fingerprint 5e6f7a8b9c0d1e2f\) and never shown/)).toBeVisible();

    await fillIn(user, publicKey, pem('PRIVATE KEY'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/^Paste the whole PEM public key/)).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUpdateProvider)).toHaveLength(0);
    await user.clear(publicKey);
    await fillIn(user, publicKey, pem('PUBLIC KEY'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The provider was saved')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUpdateProvider).map((request) => request.json)).toEqual([
      expect.objectContaining({
        protocol: 'hub88',
        settings: { operatorId: 4242, hub88PublicKey: pem('PUBLIC KEY') },
        reportUrl: null,
      }),
    ]);
  });

  it('says a code already registered under the form', async () => {
    const { user } = await renderAdmin('/game-providers', {
      routes: [
        session(),
        listing([sandbox]),
        on(adminCalls.adminCreateProvider, () => failure('GAME_PROVIDER_EXISTS')),
      ],
      storage: english,
    });
    await user.click(await screen.findByRole('button', { name: 'New provider' }));
    const form = await screen.findByRole('dialog', { name: 'New provider' });
    await user.type(within(form).getByLabelText('Code'), 'sandbox');
    await user.type(within(form).getByLabelText('Name'), 'Again');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('A game provider with this code is already registered'),
    ).toBeVisible();
  });

  it('rotates a key with the overlap chosen (24 hours unless changed), and ends an overlap early', async () => {
    const { user, api } = await renderAdmin('/game-providers', {
      routes: [
        session(),
        listing([sandbox, rotated]),
        on(adminCalls.adminRotateProviderKey, () =>
          answer(adminCalls.adminRotateProviderKey, {
            provider: { ...sandbox, keyOrigin: 'back_office', previousKeyFingerprint: '3f2a9c0d11e4b7a8' },
            key: NEW_KEY,
          }),
        ),
        on(adminCalls.adminEndProviderKeyOverlap, () =>
          answer(adminCalls.adminEndProviderKeyOverlap, {
            ...rotated,
            previousKeyFingerprint: null,
            previousKeyUntil: null,
          }),
        ),
      ],
      storage: english,
    });
    await user.click(await screen.findByRole('button', { name: 'Rotate the key of Sandbox provider' }));
    const dialog = await screen.findByRole('dialog', { name: 'New key for Sandbox provider' });
    const overlap = within(dialog).getByRole('radiogroup', { name: 'Keep accepting the current key for' });
    expect(within(overlap).getByRole('radio', { name: '24 hours' })).toBeChecked();
    await user.click(within(overlap).getByRole('radio', { name: '1 hour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Make the new key' }));
    const shown = await screen.findByRole('dialog', { name: 'Signing key of Sandbox provider' });
    expect(within(shown).getByLabelText('Signing key')).toHaveValue(NEW_KEY);
    expect(
      api.requestsOf(adminCalls.adminRotateProviderKey).map((request) => [request.params, request.json]),
    ).toEqual([[{ code: 'sandbox' }, { overlap: '1h' }]]);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    await user.click(screen.getByRole('button', { name: 'End the overlap of Evo Live' }));
    await user.click(await screen.findByRole('button', { name: 'End overlap' }));
    expect(await screen.findByText('Only the current key is accepted now')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminEndProviderKeyOverlap).map((request) => request.params)).toEqual([
      { code: 'evo' },
    ]);
  });

  it('edits the name, address and open-round policy, and switches a provider off', async () => {
    const { user, api } = await renderAdmin('/game-providers', {
      routes: [
        session(),
        ...editable(sandbox),
        on(adminCalls.adminSetProviderEnabled, (request) =>
          answer(adminCalls.adminSetProviderEnabled, {
            ...sandbox,
            enabled: bodyOf(adminCalls.adminSetProviderEnabled, request).enabled,
          }),
        ),
      ],
      storage: english,
    });
    await user.click(await screen.findByRole('switch', { name: 'Provider Sandbox provider on' }));
    expect(
      api.requestsOf(adminCalls.adminSetProviderEnabled).map((request) => [request.params, request.json]),
    ).toEqual([[{ code: 'sandbox' }, { enabled: false }]]);

    await user.click(screen.getByRole('button', { name: 'Edit provider Sandbox provider' }));
    const form = await screen.findByRole('dialog', { name: 'Edit provider sandbox' });
    expect(within(form).getByLabelText('Code')).toBeDisabled();
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Sandbox');
    await user.clear(within(form).getByLabelText('API address'));
    expect(selected(form, 'Round left open')).toHaveTextContent('Settle');
    const hours = within(form).getByLabelText('Hours after the first stake');
    expect(hours).toHaveValue('24');
    expect(
      await within(form).findByText(/is settled as it stands: its stakes count toward turnover/),
    ).toBeVisible();
    await chooseOption(user, 'Round left open', 'Void and refund the stakes');
    expect(selected(form, 'Round left open')).toHaveTextContent('Void and refund the stakes');
    // The explanation follows the watched field, a render after the choice shows.
    expect(await within(form).findByText(/is voided: its stakes are given back/)).toBeVisible();
    await user.clear(hours);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Required')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUpdateProvider)).toHaveLength(0);

    await fillIn(user, hours, '72');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The provider was saved')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUpdateProvider).map((request) => request.json)).toEqual([
      {
        name: 'Sandbox',
        endpoint: null,
        openRoundAction: 'void',
        openRoundHours: 72,
        allowedAddresses: [],
        protocol: 'native',
        settings: {},
        reportUrl: null,
      },
    ]);
    expect(within(await rowOf('Sandbox')).getByText('Void after 72 h')).toBeVisible();
  });

  it('limits a provider’s calls to the addresses written one per line, refusing a line that is none', async () => {
    const { user, api } = await renderAdmin('/game-providers', {
      routes: [session(), ...editable(sandbox)],
      storage: english,
    });
    await user.click(await screen.findByRole('button', { name: 'Edit provider Sandbox provider' }));
    const form = await screen.findByRole('dialog', { name: 'Edit provider sandbox' });
    const addresses = within(form).getByLabelText('Allowed addresses');
    expect(addresses).toHaveValue('');
    await user.click(addresses);
    await user.paste('203.0.113.10\n198.51.100.0/24\n\n2001:db8::/32\nprovider.example.com');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText(
        '“provider.example.com” is not an IPv4 or IPv6 address, nor a CIDR block such as 203.0.113.0/24',
      ),
    ).toBeVisible();
    await user.clear(addresses);
    await user.paste('203.0.113.10\n10.0.0.0/33');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/“10\.0\.0\.0\/33” is not an IPv4/)).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUpdateProvider)).toHaveLength(0);

    await user.clear(addresses);
    await user.paste(' 203.0.113.10 \n198.51.100.0/24\n\n2001:db8::/32\n');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The provider was saved')).toBeVisible();
    expect(api.requestsOf(adminCalls.adminUpdateProvider).map((request) => request.json)).toEqual([
      {
        name: 'Sandbox provider',
        endpoint: 'http://127.0.0.1:8090',
        openRoundAction: 'settle',
        openRoundHours: 24,
        allowedAddresses: ['203.0.113.10', '198.51.100.0/24', '2001:db8::/32'],
        protocol: 'native',
        settings: {},
        reportUrl: null,
      },
    ]);
    const row = await rowOf('Sandbox provider');
    expect(await within(row).findByText('2001:db8::/32')).toBeVisible();
    expect(within(row).queryByText('Any address')).toBeNull();
  });

  it('says the server’s refusal of an allowed address', async () => {
    const { user } = await renderAdmin('/game-providers', {
      routes: [
        session(),
        listing([sandbox]),
        on(adminCalls.adminUpdateProvider, () => failure('GAME_PROVIDER_ADDRESS_INVALID')),
      ],
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
    });
    await user.click(await screen.findByRole('button', { name: 'Sửa nhà cung cấp Sandbox provider' }));
    const form = await screen.findByRole('dialog', { name: 'Sửa nhà cung cấp sandbox' });
    await user.click(within(form).getByLabelText('Địa chỉ được phép gọi'));
    await user.paste('203.0.113.10');
    await user.click(within(form).getByRole('button', { name: 'Lưu' }));
    expect(
      await within(form).findByText(
        'Mỗi địa chỉ được phép phải là một địa chỉ IPv4 hoặc IPv6, hoặc một dải CIDR như 203.0.113.0/24',
      ),
    ).toBeVisible();
  });

  it('shows a read-only owner the list without the buttons that change it', async () => {
    await renderAdmin('/game-providers', {
      routes: [session(createOperator('owner', { readOnly: true })), listing([rotated])],
      storage: { [LANGUAGE_STORAGE_KEY]: 'vi' },
    });
    await findHeading('Nhà cung cấp trò chơi');
    const row = await rowOf('Evo Live', 'Danh sách nhà cung cấp trò chơi');
    expect(within(row).getByText('Hủy và hoàn cược sau 48 giờ')).toBeVisible();
    expect(within(row).getByRole('switch', { name: 'Bật nhà cung cấp Evo Live' })).toBeDisabled();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Thêm nhà cung cấp' })).toBeNull();
  });
});
