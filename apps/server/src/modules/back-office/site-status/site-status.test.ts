import { API } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import { SYSTEM_STATUS } from '@kl/contracts/status';
import { expect, it } from 'vitest';
import { call, freshIp } from '../../../test/accounts.ts';
import { answerValue, expectFailure } from '../../../test/answers.ts';
import { type OperatorCaller, useBackOfficeSuite } from '../../../test/back-office.ts';
import { describeEachDatabase } from '../../../test/databases.ts';

const US_IP = '8.8.8.8';

describeEachDatabase('back-office site status', (kind) => {
  const { suite, operators, request, value } = useBackOfficeSuite(kind, {
    owner: 'owner',
    support: 'support',
  });

  const read = (operator: OperatorCaller) => value(adminCalls.adminSiteStatus, operator);
  const set = (payload: object, operator = operators.owner) =>
    request(adminCalls.adminSetSiteStatus, operator, { payload });
  const playerStatus = async (ip = freshIp()) =>
    answerValue(API.status, await call(suite.app, API.status, { ip }));
  const auditEntries = async () =>
    (await value(adminCalls.adminAudit, operators.owner, { query: { action: 'status.update' } })).list;

  it('puts the player site in maintenance and out of it at once, audited', async () => {
    expect(await read(operators.owner)).toMatchObject({
      maintenance: false,
      maintenanceUntil: null,
      regionRestriction: true,
      allowedCountries: ['VN'],
    });
    expect(await playerStatus()).toMatchObject({ status: SYSTEM_STATUS.normal, maintenance: false });

    const until = '2030-03-01T12:00:00.000Z';
    const on = answerValue(
      adminCalls.adminSetSiteStatus,
      await set({
        maintenance: true,
        maintenanceUntil: until,
        regionRestriction: true,
        allowedCountries: ['TH', 'VN', 'TH'],
      }),
    );
    expect(on).toMatchObject({ maintenance: true, maintenanceUntil: until, allowedCountries: ['TH', 'VN'] });
    const status = await playerStatus();
    expect(status).toMatchObject({ status: SYSTEM_STATUS.maintenance, maintenance: true });
    expect(status.info.maintenanceUntil).toBe(until);

    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      operatorUsername: operators.owner.username,
      targetType: 'merchant',
      targetId: 'kimlong',
      before: {
        maintenance: false,
        maintenanceUntil: null,
        regionRestriction: true,
        allowedCountries: ['VN'],
      },
      after: {
        maintenance: true,
        maintenanceUntil: until,
        regionRestriction: true,
        allowedCountries: ['TH', 'VN'],
      },
    });

    // Out of maintenance; a visitor from the US is turned away while only Vietnam and Thailand are allowed.
    const off = {
      maintenance: false,
      maintenanceUntil: null,
      regionRestriction: true,
      allowedCountries: ['VN'],
    };
    answerValue(adminCalls.adminSetSiteStatus, await set(off));
    expect(await playerStatus()).toMatchObject({ status: SYSTEM_STATUS.normal });
    expect(await playerStatus(US_IP)).toMatchObject({ status: SYSTEM_STATUS.regionRestricted });

    // The restriction off lets every country in (and lists none).
    const open = answerValue(
      adminCalls.adminSetSiteStatus,
      await set({ ...off, regionRestriction: false, allowedCountries: [] }),
    );
    expect(open).toMatchObject({ regionRestriction: false, allowedCountries: [] });
    expect(await playerStatus(US_IP)).toMatchObject({ status: SYSTEM_STATUS.normal });
    expect(await auditEntries()).toHaveLength(3);
    answerValue(adminCalls.adminSetSiteStatus, await set(off));
  });

  it('refuses switches that do not go together, and an end of maintenance already past', async () => {
    const base = {
      maintenance: true,
      maintenanceUntil: null,
      regionRestriction: true,
      allowedCountries: ['VN'],
    };
    for (const payload of [
      { ...base, allowedCountries: [] },
      { ...base, regionRestriction: false },
      { ...base, maintenance: false, maintenanceUntil: '2030-03-02T00:00:00.000Z' },
      { ...base, maintenanceUntil: '2030-02-28T00:00:00.000Z' },
      { ...base, allowedCountries: ['vn'] },
      { maintenance: true },
    ]) {
      expectFailure(await set(payload), 400, 'INVALID_INPUT');
    }
    expect(await read(operators.owner)).toMatchObject({ maintenance: false, allowedCountries: ['VN'] });
  });

  it('lets support read the switches but not change them', async () => {
    expect(await read(operators.support)).toMatchObject({ maintenance: false });
    const refused = await set(
      { maintenance: true, maintenanceUntil: null, regionRestriction: false, allowedCountries: [] },
      operators.support,
    );
    expectFailure(refused, 403, 'PERMISSION_DENIED');
    expect(await playerStatus()).toMatchObject({ status: SYSTEM_STATUS.normal });
  });
});
