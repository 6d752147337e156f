import { adminCalls } from '@kl/contracts/admin/calls';
import { OPERATOR_COOKIE } from '@kl/contracts/admin/auth';
import type { AuditEntry } from '@kl/contracts/admin/operators';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshIp } from '../../test/accounts.ts';
import { buildTestApp, json } from '../../test/app.ts';
import { freshOperatorName, type OperatorCaller, useBackOfficeSuite } from '../../test/back-office.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { OPERATOR_ADDRESS_RULE } from './sign-in.ts';

/**
 * The back office behind a reverse proxy (docs/decisions/035-client-address-and-cross-site-requests.md):
 * the per-address sign-in lock and the audit log see the address the trusted proxy saw, not the entries a
 * client writes in front of it in X-Forwarded-For.
 */

/** What a client writes in X-Forwarded-For itself, in front of what the proxy appends. */
const MADE_UP = '8.8.8.8';
/** The proxy in front of the server (TRUST_PROXY=1: the socket's peer). */
const PROXY = '127.0.0.1';
/** Proxies named by range (TRUST_PROXY=192.0.2.0/24); the test clients' addresses are in 10.0.0.0/8. */
const LISTED_PROXIES = ['192.0.2.0/24'];

describeEachDatabase('back office behind a proxy', (kind) => {
  const { suite, operators } = useBackOfficeSuite(kind, { owner: 'owner' }, { config: { trustProxy: 1 } });
  let listed: FastifyInstance;
  beforeAll(async () => {
    // A second server on the same database, with the proxies named by range.
    listed = await buildTestApp(suite.database.current, {
      clock: suite.time.clock,
      config: { trustProxy: LISTED_PROXIES },
    });
  });
  afterAll(() => listed.close());

  const signIn = (body: object, peer: string, forwardedFor?: string) =>
    suite.app.inject({
      method: 'POST',
      url: adminCalls.adminLogin.path,
      remoteAddress: peer,
      headers: { 'accept-language': 'en', ...(forwardedFor && { 'x-forwarded-for': forwardedFor }) },
      payload: body,
    });

  /** An owner's change (a new operator) sent from `peer` with this X-Forwarded-For; its audit entry. */
  async function createOperatorThrough(
    app: FastifyInstance,
    owner: OperatorCaller,
    peer: string,
    forwardedFor: string,
  ): Promise<AuditEntry> {
    const username = freshOperatorName('px');
    const made = await app.inject({
      method: 'POST',
      url: adminCalls.adminCreateOperator.path,
      remoteAddress: peer,
      headers: { cookie: `${OPERATOR_COOKIE}=${owner.cookie}`, 'x-forwarded-for': forwardedFor },
      payload: { username, role: 'content' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const audit = await suite.app.inject({
      url: adminCalls.adminAudit.path,
      remoteAddress: owner.ip,
      headers: { cookie: `${OPERATOR_COOKIE}=${owner.cookie}` },
      query: {
        action: 'operator.create',
        target: json<{ value: { operator: { id: string } } }>(made).value.operator.id,
      },
    });
    const [entry, ...others] = json<{ value: { list: AuditEntry[] } }>(audit).value.list;
    expect(others).toEqual([]);
    return entry as AuditEntry;
  }

  it('locks the real address after its wrong sign-ins, whatever addresses the client writes in front', async () => {
    const client = freshIp();
    const tries = OPERATOR_ADDRESS_RULE.limit + 6;
    const codes: string[] = [];
    for (let index = 0; index < tries; index += 1) {
      // A different made-up address and username each time: neither the username's lock nor a lock of
      // the made-up address would ever be met.
      const response = await signIn(
        { username: `nobody${index}x${client.replaceAll('.', '')}`, password: 'wrong-password-12' },
        PROXY,
        `8.8.${index}.8, ${client}`,
      );
      codes.push(json<{ code: string }>(response).code);
    }
    expect(codes.slice(0, OPERATOR_ADDRESS_RULE.limit)).toEqual(
      Array(OPERATOR_ADDRESS_RULE.limit).fill('WRONG_CREDENTIALS'),
    );
    expect(codes.slice(OPERATOR_ADDRESS_RULE.limit)).toEqual(Array(6).fill('TOO_MANY_REQUESTS'));

    // Another client through the same proxy is not locked: the lock is the client's, not the proxy's.
    const other = await signIn(
      { username: 'nobody-else', password: 'wrong-password-12' },
      PROXY,
      `${MADE_UP}, ${freshIp()}`,
    );
    expect(json(other)).toMatchObject({ code: 'WRONG_CREDENTIALS' });
  });

  it('audits an operator’s change with the address the proxy saw, not the one the client wrote', async () => {
    const client = freshIp();
    const entry = await createOperatorThrough(suite.app, operators.owner, PROXY, `${MADE_UP}, ${client}`);
    expect(entry).toMatchObject({ operatorUsername: operators.owner.username, ip: client });
  });

  it('with the proxies named by range, believes X-Forwarded-For from them only', async () => {
    const client = freshIp();
    const throughProxy = await createOperatorThrough(
      listed,
      operators.owner,
      '192.0.2.10',
      `${MADE_UP}, ${client}`,
    );
    expect(throughProxy.ip).toBe(client);
    // A peer that is no listed proxy: its X-Forwarded-For is its own words, ignored.
    const peer = freshIp();
    const direct = await createOperatorThrough(listed, operators.owner, peer, `${MADE_UP}, ${client}`);
    expect(direct.ip).toBe(peer);
  });
});
