import { accountsCalls } from '@kl/contracts/accounts';
import { vipCalls } from '@kl/contracts/vip';
import { describe, expect, it } from 'vitest';
import { answer, bodyOf, failure, isCall } from './fake-api.ts';
import { takeConsoleErrors } from './setup.ts';

const url = (path: string) => new URL(path, 'http://localhost');

describe('the fakes answer through the API table (docs/conventions.md, "One typed API table")', () => {
  it('recognises a call by its method and path', () => {
    expect(isCall(vipCalls.vipLevels, url('/api/vip/levels?x=1'))).toBe(true);
    expect(isCall(vipCalls.vipLevels, url('/api/vip/me'))).toBe(false);
    expect(isCall(accountsCalls.login, url('/api/auth/login'), { method: 'POST' })).toBe(true);
    expect(isCall(accountsCalls.login, url('/api/auth/login'))).toBe(false);
  });

  it('answers a value of the contract in the success envelope', async () => {
    const response = answer(vipCalls.vipLevels, { list: [], currency: 'VND' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, value: { list: [], currency: 'VND' } });
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
