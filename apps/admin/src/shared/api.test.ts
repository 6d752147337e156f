import { adminCalls } from '@kl/contracts/admin/calls';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperator } from '../test/factories.ts';
import { answer, failure, on, stubAdminApi } from '../test/fake-api.ts';
import { AdminApiError, adminCall, buildUrl } from './api.ts';
import { initI18n } from './i18n.ts';
import { onSessionEnded } from './session-events.ts';

const memberId = '3d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d';

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(call: Promise<unknown>): Promise<AdminApiError> {
  const error: unknown = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AdminApiError)) throw new Error(`expected an AdminApiError, got ${String(error)}`);
  return error;
}

describe('adminCall', () => {
  beforeAll(() => initI18n('vi'));
  let stopListening: (() => void) | undefined;
  afterEach(() => stopListening?.());

  it('sends the call with its module id, the session cookie and the language, and answers the parsed value', async () => {
    const operator = createOperator('finance');
    const api = stubAdminApi([on(adminCalls.adminSession, () => answer(adminCalls.adminSession, operator))]);

    await expect(adminCall(adminCalls.adminSession)).resolves.toEqual(operator);

    const [request] = api.requests;
    expect(request?.headers.get('x-module-id')).toBe('ADMIN');
    expect(request?.headers.get('accept-language')).toBe('vi');
    expect(request?.credentials).toBe('same-origin');
  });

  it('fills the path parameters and the query, and sends the body as JSON', async () => {
    const api = stubAdminApi([
      on(adminCalls.adminSetMemberDisabled, () =>
        answer(adminCalls.adminSetMemberDisabled, { disabled: true, sessionsEnded: 2 }),
      ),
    ]);
    await adminCall(adminCalls.adminSetMemberDisabled, {
      params: { memberId },
      body: { disabled: true, reason: 'chargeback' },
    });
    expect(api.requests[0]?.url.pathname).toBe(`/api/admin/members/${memberId}/disabled`);
    expect(api.requests[0]?.json).toEqual({ disabled: true, reason: 'chargeback' });
    expect(api.requests[0]?.headers.get('content-type')).toBe('application/json');

    expect(
      buildUrl(adminCalls.adminWithdrawals.path, undefined, {
        status: 'pending',
        username: undefined,
        from: '2026-03-01T00:00:00.000Z',
        pageNo: 2,
      }),
    ).toBe('/api/admin/withdrawals?status=pending&from=2026-03-01T00%3A00%3A00.000Z&pageNo=2');
  });

  it('turns a failure envelope into its catalogue code, status and value', async () => {
    stubFetch(async () =>
      json({ success: false, code: 'WITHDRAWAL_CLOSED', message: 'closed', value: { status: 'paid' } }, 409),
    );
    const error = await failureOf(
      adminCall(adminCalls.adminApproveWithdrawal, {
        params: { withdrawalId: '6f1c2b3a-4d5e-4f60-8a7b-000000000001' },
      }),
    );
    expect(error).toMatchObject({ code: 'WITHDRAWAL_CLOSED', status: 409, value: { status: 'paid' } });
  });

  it.each([
    ['not JSON', () => new Response('<html>proxy error</html>', { status: 502 })],
    ['not an envelope', () => json({ ok: true })],
    ['an unknown code', () => json({ success: false, code: 'NO_SUCH_CODE', message: 'x' }, 400)],
    ['a value the schema refuses', () => json({ success: true, value: { id: 'not-a-uuid' } })],
  ])('answers UNKNOWN_ERROR for %s', async (_case, respond) => {
    stubFetch(async () => respond());
    expect((await failureOf(adminCall(adminCalls.adminSession))).code).toBe('UNKNOWN_ERROR');
  });

  it('answers NETWORK_OFFLINE when no answer came, and lets an abort through', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(adminCall(adminCalls.adminSession))).toMatchObject({
      code: 'NETWORK_OFFLINE',
      status: 0,
    });

    stubFetch(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(adminCall(adminCalls.adminSession)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each(['NOT_LOGGED_IN', 'SESSION_EXPIRED'] as const)('ends the session on %s (401)', async (code) => {
    const ended = vi.fn();
    stopListening = onSessionEnded(ended);
    stubAdminApi([on(adminCalls.adminMembers, () => failure(code))]);

    const error = await failureOf(adminCall(adminCalls.adminMembers, { query: { q: 'x' } }));
    expect(error).toMatchObject({ code, status: 401 });
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a wrong password (401 WRONG_CREDENTIALS) and on PERMISSION_DENIED', async () => {
    const ended = vi.fn();
    stopListening = onSessionEnded(ended);
    stubAdminApi([
      on(adminCalls.adminLogin, () => failure('WRONG_CREDENTIALS')),
      on(adminCalls.adminOperators, () => failure('PERMISSION_DENIED')),
    ]);
    const wrong = await failureOf(
      adminCall(adminCalls.adminLogin, { body: { username: 'a', password: 'b' } }),
    );
    expect(wrong).toMatchObject({ code: 'WRONG_CREDENTIALS', status: 401 });
    const denied = await failureOf(adminCall(adminCalls.adminOperators, { query: {} }));
    expect(denied).toMatchObject({ code: 'PERMISSION_DENIED', status: 403 });
    expect(ended).not.toHaveBeenCalled();
  });
});
