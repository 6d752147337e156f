import { adminCalls } from '@kl/contracts/admin/calls';
import type { SiteSettings, SiteSettingsBody } from '@kl/contracts/admin/site-settings';
import { API } from '@kl/contracts';
import { expect, it } from 'vitest';
import { call, freshIp } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { type OperatorCaller, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';
import { uploadedPicture } from '../../../test/images.ts';

/** The body that sets the settings as they are read. */
const bodyOf = ({
  merchantCode: _m,
  smsAvailable: _s,
  socialLoginAvailable: _f,
  updatedAt: _u,
  ...body
}: SiteSettings) => body satisfies SiteSettingsBody;

describeEachDatabase('back-office site settings', (kind) => {
  // No SMS sender (no development outbox), no Firebase configuration.
  const { suite, operators, request, value } = useBackOfficeSuite(
    kind,
    { owner: 'owner', support: 'support' },
    { config: { devOutbox: false } },
  );

  const read = (operator: OperatorCaller = operators.owner) => value(adminCalls.adminSiteSettings, operator);
  const set = (payload: object, operator = operators.owner) =>
    request(adminCalls.adminSetSiteSettings, operator, { payload });
  const playerStatus = async () =>
    answerValue(API.status, await call(suite.app, API.status, { ip: freshIp() }));
  const playerRules = async () =>
    answerValue(API.registrationRules, await call(suite.app, API.registrationRules, { ip: freshIp() }));
  const auditEntries = async () =>
    (await value(adminCalls.adminAudit, operators.owner, { query: { action: 'merchant.update' } })).list;

  it('changes the general settings, a toggle, a field rule and the links; the player site follows at once', async () => {
    const settings = await read();
    expect(settings).toMatchObject({
      merchantCode: 'kimlong',
      smsAvailable: false,
      socialLoginAvailable: false,
    });
    expect(settings.general.timeZone).toBe('Asia/Ho_Chi_Minh');
    // The player site has read the merchant before the change (and may keep it in memory).
    expect((await playerStatus()).info.whitelabel.siteName).toBe(settings.general.siteName);
    const rulesBefore = await playerRules();
    const auditsBefore = (await auditEntries()).length;

    const email = settings.fieldRules.find((rule) => rule.field === 'email');
    const emailRequired = !(email?.required ?? false);
    const body = bodyOf(settings);
    const changed = {
      ...body,
      general: {
        ...body.general,
        siteName: 'Rồng Vàng',
        mirrorDomains: ['rongvang.vn', 'rongvang2.vn'],
        themeColor: '#123abc',
        timeZone: 'Asia/Bangkok',
      },
      toggles: { ...body.toggles, CBS3: !body.toggles.CBS3 },
      fieldRules: body.fieldRules.map((rule) =>
        rule.field === 'email' ? { field: 'email', enabled: true, required: emailRequired } : rule,
      ),
      customerService: [{ csType: 'TELEGRAM', path: 'https://t.me/rongvang' }],
    };
    const saved = answerValue(adminCalls.adminSetSiteSettings, await set(changed));
    expect(saved.general).toEqual(changed.general);
    expect(saved.toggles.CBS3).toBe(changed.toggles.CBS3);

    const status = await playerStatus();
    expect(status.info.whitelabel).toMatchObject({ siteName: 'Rồng Vàng', themeColor: '#123abc' });
    expect(status.info.domainRoute).toEqual(['rongvang.vn', 'rongvang2.vn']);
    expect(status.info.toggles.CBS3).toBe(changed.toggles.CBS3);
    expect(status.info.customerService).toEqual([{ csType: 'TELEGRAM', path: 'https://t.me/rongvang' }]);
    const rules = await playerRules();
    expect(rules.fields.email).toEqual({ enabled: true, required: emailRequired });
    expect(rules.fields.email).not.toEqual(rulesBefore.fields.email);

    // The operator's session tells the new time zone.
    expect(await value(adminCalls.adminSession, operators.owner)).toMatchObject({ timeZone: 'Asia/Bangkok' });

    const entries = await auditEntries();
    expect(entries).toHaveLength(auditsBefore + 1);
    const [entry] = entries;
    expect(entry).toMatchObject({ operatorUsername: operators.owner.username, targetId: 'kimlong' });
    // Only what changed, before and after.
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(
      [
        'customerService',
        'fieldRules.email',
        'general.mirrorDomains',
        'general.siteName',
        'general.themeColor',
        'general.timeZone',
        'toggles.CBS3',
      ].sort(),
    );
    expect(entry?.before).toMatchObject({
      'general.siteName': settings.general.siteName,
      'general.timeZone': 'Asia/Ho_Chi_Minh',
      'toggles.CBS3': body.toggles.CBS3,
    });
    expect(entry?.after).toMatchObject({
      'general.siteName': 'Rồng Vàng',
      'general.timeZone': 'Asia/Bangkok',
    });

    // The same settings again write nothing.
    const again = answerValue(adminCalls.adminSetSiteSettings, await set(changed));
    expect(again.updatedAt).toBe(saved.updatedAt);
    expect(await auditEntries()).toHaveLength(auditsBefore + 1);

    answerValue(adminCalls.adminSetSiteSettings, await set(body));
    expect((await playerStatus()).info.whitelabel.siteName).toBe(settings.general.siteName);
  });

  it('orders and hides home’s game sections: the player status lists them at once; a repeated or unknown one is refused', async () => {
    const settings = await read();
    expect(settings.homeSections).toEqual(['HOT', 'FAV', 'NEW_GAME', 'BGS', 'BG']);
    expect((await playerStatus()).info.homeSections).toEqual(settings.homeSections);
    const body = bodyOf(settings);

    const saved = answerValue(
      adminCalls.adminSetSiteSettings,
      await set({ ...body, homeSections: ['NEW_GAME', 'HOT', 'BG'] }),
    );
    expect(saved.homeSections).toEqual(['NEW_GAME', 'HOT', 'BG']);
    expect((await playerStatus()).info.homeSections).toEqual(['NEW_GAME', 'HOT', 'BG']);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      before: { homeSections: ['HOT', 'FAV', 'NEW_GAME', 'BGS', 'BG'] },
      after: { homeSections: ['NEW_GAME', 'HOT', 'BG'] },
    });

    expectFailure(await set({ ...body, homeSections: ['HOT', 'HOT'] }), 400, 'INVALID_INPUT');
    expectFailure(await set({ ...body, homeSections: ['HOT', 'LIVE'] }), 400, 'INVALID_INPUT');
    expect((await read()).homeSections).toEqual(['NEW_GAME', 'HOT', 'BG']);

    // None at all: home shows its banners, menu and winner board without game sections.
    answerValue(adminCalls.adminSetSiteSettings, await set({ ...body, homeSections: [] }));
    expect((await playerStatus()).info.homeSections).toEqual([]);
    answerValue(adminCalls.adminSetSiteSettings, await set(body));
    expect((await playerStatus()).info.homeSections).toEqual(settings.homeSections);
  });

  it('sets the merchant’s uploaded logo: the player’s header shows it at once, the drawn one again when taken away', async () => {
    const settings = await read();
    const body = bodyOf(settings);
    expect(body.general.logoImageId).toBeNull();
    const drawn = (await playerStatus()).info.whitelabel.logoUrl;
    expect(drawn).toBe(API.logoPicture.path);
    const auditsBefore = (await auditEntries()).length;

    const upload = (width: number, height: number, place: 'logo' | 'banner_wide') =>
      uploadedPicture(suite.app, operators.owner, width, height, place);
    const logo = await upload(600, 200, 'logo');
    const withLogo = { ...body, general: { ...body.general, logoImageId: logo.id } };
    const saved = answerValue(adminCalls.adminSetSiteSettings, await set(withLogo));
    expect(saved.general.logoImageId).toBe(logo.id);
    const status = await playerStatus();
    expect(status.info.whitelabel).toMatchObject({ logoUrl: logo.url, siteName: settings.general.siteName });
    const [entry] = await auditEntries();
    expect(await auditEntries()).toHaveLength(auditsBefore + 1);
    expect(entry).toMatchObject({
      before: { 'general.logoImageId': null },
      after: { 'general.logoImageId': logo.id },
    });

    // A picture made for another place, or none uploaded: refused, the logo stays.
    const banner = await upload(750, 300, 'banner_wide');
    const wrongSize = await set({ ...body, general: { ...body.general, logoImageId: banner.id } });
    expectFailure(wrongSize, 400, 'INVALID_INPUT');
    expect(wrongSize.json()).toMatchObject({
      value: { field: 'general.logoImageId', reason: 'IMAGE_SIZE', width: 384, height: 96 },
    });
    const unknown = await set({ ...body, general: { ...body.general, logoImageId: 'e'.repeat(32) } });
    expectFailure(unknown, 400, 'INVALID_INPUT');
    expect(unknown.json()).toMatchObject({ value: { reason: 'IMAGE_NOT_FOUND' } });
    expect((await playerStatus()).info.whitelabel.logoUrl).toBe(logo.url);

    answerValue(adminCalls.adminSetSiteSettings, await set(body));
    expect((await playerStatus()).info.whitelabel.logoUrl).toBe(drawn);
  });

  it('refuses bad values with 400 INVALID_INPUT and changes nothing', async () => {
    const body = bodyOf(await read());
    const rules = body.fieldRules;
    for (const payload of [
      { ...body, general: { ...body.general, timeZone: 'Mars/Olympus' } },
      { ...body, general: { ...body.general, mainDomain: 'https://example.com/' } },
      { ...body, general: { ...body.general, mirrorDomains: ['bad domain'] } },
      { ...body, general: { ...body.general, themeColor: 'red' } },
      { ...body, general: { ...body.general, siteName: '  ' } },
      { ...body, agentMaxDepth: 0 },
      { ...body, sessionIdleMinutes: 4 },
      { ...body, sessionIdleMinutes: 10_081 },
      { ...body, fieldRules: rules.map((rule) => ({ ...rule, enabled: false, required: true })) },
      { ...body, fieldRules: rules.slice(1) },
      { ...body, customerService: [{ csType: 'TELEGRAM', path: 'javascript:alert(1)' }] },
      {
        ...body,
        resources: [{ resourceType: 'IOS', url: 'http://insecure.example.com/app', labelNameEn: 'iOS' }],
      },
      { general: body.general },
    ]) {
      expectFailure(await set(payload), 400, 'INVALID_INPUT');
    }
    expect(bodyOf(await read())).toEqual(body);
  });

  it('refuses SMS and social sign-in toggles the deployment cannot serve', async () => {
    const body = bodyOf(await read());
    const off = { ...body, toggles: { ...body.toggles, REGMOBVERF3: false, FACEBOOKLOGIN3: false } };
    answerValue(adminCalls.adminSetSiteSettings, await set(off));
    const sms = await set({ ...off, toggles: { ...off.toggles, REGMOBVERF3: true } });
    expectFailure(sms, 409, 'SMS_NOT_CONFIGURED');
    const facebook = await set({ ...off, toggles: { ...off.toggles, FACEBOOKLOGIN3: true } });
    expectFailure(facebook, 409, 'SOCIAL_LOGIN_NOT_CONFIGURED');
    expect((await read()).toggles).toMatchObject({ REGMOBVERF3: false, FACEBOOKLOGIN3: false });
  });

  it('lets support read the settings but not change them', async () => {
    const settings = await read(operators.support);
    const refused = await set(
      { ...bodyOf(settings), general: { ...settings.general, siteName: 'Nope' } },
      operators.support,
    );
    expectFailure(refused, 403, 'PERMISSION_DENIED');
    expect((await read()).general.siteName).toBe(settings.general.siteName);
  });
});
