import { API, successEnvelope, SYSTEM_STATUS, systemStatus, type SystemStatus } from '@kl/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, json } from '../../test/app.ts';
import { describeEachDatabase, useTestDatabase } from '../../test/databases.ts';
import { createMerchantRepository } from '../merchant/index.ts';

const OPS_TOKEN = 'test-ops-token-1234';
const US_IP = '8.8.8.8';
const VN_IP = '14.160.0.1';

function statusOf(response: { body: string }): SystemStatus {
  return successEnvelope(systemStatus).parse(JSON.parse(response.body)).value;
}

describeEachDatabase('system status', (kind) => {
  const database = useTestDatabase(kind);
  let app: FastifyInstance;
  let appWithoutOps: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp(database.current, { config: { opsToken: OPS_TOKEN } });
    appWithoutOps = await buildTestApp(database.current, { config: { opsToken: undefined } });
  });
  afterAll(async () => {
    await app.close();
    await appWithoutOps.close();
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
  const putStatus = (payload: unknown, authorization: string | null = `Bearer ${OPS_TOKEN}`, target = app) =>
    target.inject({
      method: 'PUT',
      url: API.opsStatus.path,
      headers: authorization === null ? {} : { authorization },
      payload: payload as object,
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
      const until = '2030-01-02T03:04:05.000Z';
      expect((await putStatus({ maintenance: true, maintenanceUntil: until })).statusCode).toBe(200);
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

  describe('PUT /api/ops/status', () => {
    it('does not exist without OPS_TOKEN (404)', async () => {
      const response = await putStatus({ maintenance: true }, `Bearer ${OPS_TOKEN}`, appWithoutOps);
      expect(response.statusCode).toBe(404);
      expect(json(response).code).toBe('NOT_FOUND');
    });

    it('refuses a missing or wrong token with 401 NOT_LOGGED_IN, before reading the body', async () => {
      for (const authorization of [null, 'Bearer wrong-token', OPS_TOKEN, `Basic ${OPS_TOKEN}`]) {
        const response = await putStatus({ maintenance: 'not even valid' }, authorization);
        expect(response.statusCode, String(authorization)).toBe(401);
        expect(json(response).code).toBe('NOT_LOGGED_IN');
      }
      expect(statusOf(await getStatus()).maintenance).toBe(false);
    });

    it('switches maintenance with the right token, answers the new status and persists it', async () => {
      const response = await putStatus({ maintenance: true });
      expect(response.statusCode).toBe(200);
      expect(statusOf(response)).toMatchObject({ status: SYSTEM_STATUS.maintenance, maintenance: true });
      const row = await createMerchantRepository(database.current.db).findByCode('kimlong');
      expect(row?.maintenance).toBe(true);
      expect(statusOf(await getStatus()).maintenance).toBe(true);

      expect(statusOf(await putStatus({ maintenance: false })).status).toBe(SYSTEM_STATUS.normal);
      expect(statusOf(await getStatus()).maintenance).toBe(false);
    });

    it('changes the allowed countries', async () => {
      expect(statusOf(await putStatus({ allowedCountries: ['VN', 'US'] })).status).toBe(SYSTEM_STATUS.normal);
      expect(statusOf(await getStatus(US_IP)).regionRestriction).toBe(false);
      expect(statusOf(await putStatus({ allowedCountries: [] })).status).toBe(SYSTEM_STATUS.normal);
      expect(statusOf(await getStatus(US_IP)).regionRestriction).toBe(false);
      await putStatus({ allowedCountries: ['VN'] });
      expect(statusOf(await getStatus(US_IP)).regionRestriction).toBe(true);
    });

    it('clears maintenanceUntil with null and leaves other switches alone', async () => {
      await putStatus({ maintenance: true, maintenanceUntil: '2031-05-06T07:08:09+07:00' });
      expect(statusOf(await getStatus()).info.maintenanceUntil).toBe('2031-05-06T00:08:09.000Z');
      const cleared = statusOf(await putStatus({ maintenanceUntil: null }));
      expect(cleared.info.maintenanceUntil).toBeNull();
      expect(cleared.maintenance).toBe(true);
    });

    it('refuses a bad body with 400 INVALID_INPUT', async () => {
      for (const payload of [{ maintenance: 'yes' }, { allowedCountries: ['vn'] }, { status: 1 }]) {
        const response = await putStatus(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(json(response).code).toBe('INVALID_INPUT');
      }
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
