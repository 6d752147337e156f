import { API, successEnvelope, SYSTEM_STATUS, systemStatus, type SystemStatus } from '@kl/contracts';
import { adminCalls } from '@kl/contracts/admin/calls';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json } from '../../test/app.ts';
import { adminRequest, createOperator, type OperatorCaller, signInOperator } from '../../test/back-office.ts';
import { testClock } from '../../test/accounts.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createMerchantRepository } from '../merchant/index.ts';

const US_IP = '8.8.8.8';
const VN_IP = '14.160.0.1';

function statusOf(response: { body: string }): SystemStatus {
  return successEnvelope(systemStatus).parse(JSON.parse(response.body)).value;
}

describeEachDatabase('system status', (kind) => {
  const database = useTestDatabase(kind);
  const time = testClock();
  let app: FastifyInstance;
  /** An owner signed in to the back office, who switches the site (docs/back-office.md, "Site status"). */
  let owner: OperatorCaller;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { clock: time.clock });
    const created = await createOperator(database.current.db, time.clock, { role: 'owner' });
    owner = await signInOperator(app, time, created.username);
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(async () => {
    // Back to the seeded switches so each test starts from the same state.
    await createMerchantRepository(database.current.db).updateOperatorStatus('kimlong', {
      maintenance: false,
      maintenanceUntil: null,
      allowedCountries: ['VN'],
    });
  });

  const getStatus = (remoteAddress = '127.0.0.1') =>
    app.inject({ url: API.status.path, remoteAddress, headers: { 'x-module-id': 'COMM3' } });
  const setSiteStatus = (payload: object) =>
    adminRequest(app, adminCalls.adminSetSiteStatus, owner, {
      payload: {
        maintenance: false,
        maintenanceUntil: null,
        regionRestriction: true,
        allowedCountries: ['VN'],
        ...payload,
      },
    });

  describe('GET /api/status', () => {
    it('answers the seeded merchant, normal, to a loopback caller', async () => {
      const response = await getStatus();
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-module-id']).toBe('COMM3');
      const status = statusOf(response);
      expect(status).toMatchObject({
        status: SYSTEM_STATUS.normal,
        merchantCode: 'kimlong',
        maintenance: false,
        regionRestriction: false,
        location: { ip: '127.0.0.1', country: null },
      });
      expect(status.info.whitelabel).toEqual({
        siteName: 'Kim Long',
        logoUrl: API.logoPicture.path,
        themeColor: '#d4a017',
        copyrightYear: 2025,
      });
      expect(status.info.mobileTemplate).toEqual({ mem_cen: 1, dep_func: 1 });
      expect(status.info.register.defaultCountryDialingCode).toBe('+84');
      expect(status.info.toggles).toEqual({
        USERNAMEREG3: true,
        MOBILENUMREG3: true,
        REGMOBVERF3: true,
        MOBILENUMPASSREG3: true,
        FACEBOOKLOGIN3: false,
        GOOGLELOGIN3: false,
        MOBILEVERCODELOGIN3: true,
        LOGINREQCAPTCHA3: false,
        CBS3: true,
        AGENTPOLICY3: true,
        showVipBenefit: true,
      });
      expect(status.info.maintenanceUntil).toBeNull();
      // The merchant's time zone, in which the site shows times.
      expect(status.info.timeZone).toBe('Asia/Ho_Chi_Minh');
    });

    it('allows a caller from Vietnam, an allowed country', async () => {
      const status = statusOf(await getStatus(VN_IP));
      expect(status).toMatchObject({
        status: SYSTEM_STATUS.normal,
        regionRestriction: false,
        location: { ip: VN_IP, country: 'VN' },
      });
    });

    it('restricts a caller from another country (status 2)', async () => {
      const status = statusOf(await getStatus(US_IP));
      expect(status).toMatchObject({
        status: SYSTEM_STATUS.regionRestricted,
        maintenance: false,
        regionRestriction: true,
        location: { ip: US_IP, country: 'US' },
      });
      expect(statusOf(await getStatus(`::ffff:${US_IP}`)).status).toBe(SYSTEM_STATUS.regionRestricted);
    });

    it('allows private, link-local and unique-local callers', async () => {
      for (const ip of [
        '10.0.0.5',
        '192.168.1.20',
        '172.20.0.3',
        '169.254.1.1',
        '::1',
        'fd00::5',
        'fe80::5',
      ]) {
        expect(statusOf(await getStatus(ip)).status, ip).toBe(SYSTEM_STATUS.normal);
      }
    });

    it('answers maintenance (status 1), which wins over region restriction', async () => {
      const until = '2031-01-02T03:04:05.000Z';
      expect((await setSiteStatus({ maintenance: true, maintenanceUntil: until })).statusCode).toBe(200);
      const local = statusOf(await getStatus());
      expect(local).toMatchObject({
        status: SYSTEM_STATUS.maintenance,
        maintenance: true,
        regionRestriction: false,
      });
      expect(local.info.maintenanceUntil).toBe(until);
      const foreign = statusOf(await getStatus(US_IP));
      expect(foreign).toMatchObject({
        status: SYSTEM_STATUS.maintenance,
        maintenance: true,
        regionRestriction: true,
      });
    });
  });

  describe('behind a proxy', () => {
    it('takes the caller from X-Forwarded-For only when TRUST_PROXY is on', async () => {
      const headers = { 'x-forwarded-for': US_IP };
      const direct = statusOf(
        await app.inject({ url: API.status.path, remoteAddress: '127.0.0.1', headers }),
      );
      expect(direct.location.ip).toBe('127.0.0.1');
      expect(direct.regionRestriction).toBe(false);

      const proxied = await buildTestApp(database.current, { config: { trustProxy: 1 } });
      const behind = statusOf(
        await proxied.inject({ url: API.status.path, remoteAddress: '127.0.0.1', headers }),
      );
      expect(behind.location).toEqual({ ip: US_IP, country: 'US' });
      expect(behind.status).toBe(SYSTEM_STATUS.regionRestricted);
      await proxied.close();
    });
  });

  describe('the operator token call', () => {
    it('is gone: PUT /api/ops/status answers 404 whatever it carries, and changes nothing', async () => {
      for (const authorization of [undefined, 'Bearer test-ops-token-1234']) {
        const response = await app.inject({
          method: 'PUT',
          url: '/api/ops/status',
          headers: { 'x-module-id': 'COMM3', ...(authorization && { authorization }) },
          payload: { maintenance: true },
        });
        expect(response.statusCode, String(authorization)).toBe(404);
        expect(json(response).code).toBe('NOT_FOUND');
      }
      expect(statusOf(await getStatus()).maintenance).toBe(false);
    });
  });
});

describe('system status without a merchant', () => {
  const database = useTestDatabase('pglite', { seed: false });
  it('is a deployment fault: 500 SYSTEM_ERROR', async () => {
    const app = await buildTestApp(database.current);
    const response = await app.inject({ url: API.status.path });
    expect(response.statusCode).toBe(500);
    expect(json(response).code).toBe('SYSTEM_ERROR');
    await app.close();
  });
});
