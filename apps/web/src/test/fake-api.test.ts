import { accountsCalls } from '@kl/contracts/accounts';
import { agentsCalls } from '@kl/contracts/agents';
import { vipCalls } from '@kl/contracts/vip';
import { describe, expect, it } from 'vitest';
import { answer, bodyOf, callsTo, failure, on, onByDefault } from './fake-api.ts';
import { takeConsoleErrors } from './setup.ts';

const send = (path: string, init?: RequestInit) => fetch(path, init).then((response) => response.json());

describe('the fakes answer through the API table (docs/conventions.md, "One typed API table")', () => {
  it('answers a call with the value the test set, in the success envelope, and records the request', async () => {
    on(vipCalls.vipLevels, { list: [], currency: 'VND' });
    on(agentsCalls.agentUpdateLink, ({ params, body }) => ({
      ...{ code: params.code!, kind: 'member', campaign: null, url: 'https://kimlong.test/m/register' },
      ...{ qrDataUrl: 'data:,', active: body.active, clicks: 0, registrations: 0 },
      createdAt: '2030-03-01T08:00:00.000Z',
    }));
    expect(await send('/api/vip/levels?x=1')).toEqual({
      success: true,
      value: { list: [], currency: 'VND' },
    });
    const updated = await send('/api/agents/links/K7AB', { method: 'PUT', body: '{"active":false}' });
    expect(updated.value).toMatchObject({ code: 'K7AB', active: false });
    expect(callsTo(vipCalls.vipLevels).map(({ query }) => query)).toEqual([{ x: '1' }]);
    expect(callsTo(agentsCalls.agentUpdateLink)).toEqual([
      { body: { active: false }, query: {}, params: { code: 'K7AB' }, headers: {} },
    ]);
  });

  it('keeps the answer a test set over a default, whichever came first', async () => {
    on(vipCalls.myVip, failure('NOT_LOGGED_IN'));
    onByDefault(vipCalls.myVip, failure('SYSTEM_ERROR'));
    expect(await send('/api/vip/me')).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
  });

  it('fails, loudly, a call nobody answered, naming its method and path', async () => {
    on(vipCalls.vipLevels, { list: [], currency: 'VND' });
    await expect(fetch('/api/vip/me')).rejects.toThrow('No fake answer for GET /api/vip/me');
    await expect(fetch('/api/vip/levels', { method: 'POST' })).rejects.toThrow(
      'No fake answer for POST /api/vip/levels',
    );
    expect(takeConsoleErrors()).toHaveLength(2);
  });

  it('refuses, loudly, a value the contract does not allow', () => {
    // @ts-expect-error -- the shape the server could not send: `currency` is missing, `list` is no list.
    expect(() => answer(vipCalls.vipLevels, { list: 'none' })).toThrow(
      /GET \/api\/vip\/levels does not fit the call's response schema/,
    );
    expect(takeConsoleErrors()).toEqual([expect.stringContaining('GET /api/vip/levels')]);
  });

  it('answers a failure of the catalogue at its status unless told', async () => {
    const refused = failure('NOT_LOGGED_IN');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ success: false, code: 'NOT_LOGGED_IN', message: 'NOT_LOGGED_IN' });
    const withValue = failure('WRONG_CREDENTIALS', 401, { captchaRequired: true });
    expect(await withValue.json()).toMatchObject({ value: { captchaRequired: true } });
  });

  it('reads a request body by the call’s body schema', () => {
    const init = {
      method: 'POST',
      body: JSON.stringify({ oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' }),
    };
    expect(() => bodyOf(accountsCalls.changePassword, { method: 'POST', body: '{}' })).toThrow(
      /POST \/api\/member\/password does not fit the call's body schema/,
    );
    takeConsoleErrors();
    expect(bodyOf(accountsCalls.changePassword, init)).toMatchObject({ newPassword: 'b' });
  });
});
