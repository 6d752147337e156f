import { API, SESSION_COOKIE } from '@kl/contracts';
import {
  type DepositOrder,
  GATEWAY_SIGNATURE_HEADER,
  GATEWAY_TIMESTAMP_HEADER,
  type GatewayCallback,
} from '@kl/contracts/deposit';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases.ts';
import { runLedgerCheck, type ServerRun, startOnFreePort, useProcessWorkDir } from '../../test/processes.ts';
import { signCallback } from '@kl/signing/gateway';

/**
 * Crash safety: the real server process takes a burst of payment callbacks and is killed (SIGKILL) in the
 * middle of it. Started again on the same data, it gets every callback again, as a gateway redelivers
 * what it saw no answer to. Then no paid order is lost (every callback answered 200 before the kill is
 * still paid), none is credited twice, and `npm run ledger:check` passes.
 */

const SECRET = 'crash-test-callback-secret-0123456789';
const MEMBERS = 10;
const ORDERS_EACH = 5;
/** The server is killed once this many callbacks have been answered. */
const KILL_AFTER = 6;
/** Callbacks sent at once. */
const WAVE = 5;
const AMOUNTS = [50_000, 120_000, 230_000, 340_000, 450_000];

/** The API as the member's browser uses it: JSON in and out, the session cookie. */
function client(base: string) {
  return async <T>(
    entry: { method: string; path: string },
    options: { cookie?: string; body?: unknown; query?: Record<string, string> } = {},
  ): Promise<{ status: number; value: T; cookie: string | undefined }> => {
    const url = new URL(entry.path, base);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const response = await fetch(url, {
      method: entry.method,
      headers: {
        'accept-language': 'en',
        ...(options.cookie && { cookie: `${SESSION_COOKIE}=${options.cookie}` }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
    const body = (await response.json()) as { value: T };
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    const cookie = setCookie?.slice(SESSION_COOKIE.length + 1).split(';')[0];
    return { status: response.status, value: body.value, cookie };
  };
}

/** Registers a member by username (captcha answer from the development outbox); answers its session. */
async function register(api: ReturnType<typeof client>, username: string): Promise<string> {
  const captcha = await api<{ captchaId: string }>(API.captcha);
  const outbox = await api<{ to: string; code: string }[]>(API.outbox, { query: { kind: 'captcha' } });
  const answer = outbox.value.find((item) => item.to === captcha.value.captchaId)?.code;
  const registered = await api(API.register, {
    body: {
      registerMethod: 'H5',
      captchaId: captcha.value.captchaId,
      captcha: answer,
      username,
      password: 'secret123',
      confirmPassword: 'secret123',
    },
  });
  if (registered.status !== 200 || !registered.cookie)
    throw new Error(`registration failed: ${registered.status}`);
  return registered.cookie;
}

for (const { kind, skip } of testDatabases({ embedded: true })) {
  describe.skipIf(skip)(`deposits survive a killed server (${kind})`, () => {
    const { webDist, seededCopy, onCleanup } = useProcessWorkDir('kl-crash-');
    const running: ServerRun[] = [];
    onCleanup(async () => {
      for (const run of running)
        if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL');
    });

    it('loses and doubles no paid order across a SIGKILL mid-burst, and the ledger check passes', async () => {
      // A copy of the seeded database (the demo merchant and its channels): what is tested is the
      // restart after the kill; the first start from nothing has tests of its own (main.test.ts).
      const { database, env: databaseEnv } = await seededCopy(kind, 'data');
      await database.close();
      const env = {
        ...databaseEnv,
        WEB_DIST: webDist,
        PAYMENT_CALLBACK_SECRET: SECRET,
        RATE_LIMIT_MAX: '100000',
        // The copy holds the demo seed already.
        SEED_DEMO: '0',
      };

      // First run: members, their pending orders, then the burst of callbacks and the kill.
      const { run: first, base } = await startOnFreePort(env);
      running.push(first);
      const api = client(base);
      const sessions: string[] = [];
      for (let index = 0; index < MEMBERS; index += 1) {
        sessions.push(await register(api, `crash${kind.slice(0, 2)}${index}${Date.now() % 10_000}`));
      }
      const orders: { order: DepositOrder; session: string }[] = [];
      for (const session of sessions) {
        for (const amount of AMOUNTS.slice(0, ORDERS_EACH)) {
          const created = await api<DepositOrder>(API.createDepositOrder, {
            cookie: session,
            body: { channelCode: 'bank-transfer', amount },
          });
          expect(created.status).toBe(200);
          orders.push({ order: created.value, session });
        }
      }
      // What the gateway sends for each order, signed once: a redelivery is the very same request.
      const timestamp = String(Math.floor(Date.now() / 1000));
      const callbacks = orders.map(({ order }) => {
        const report: GatewayCallback = {
          eventId: `evt-${order.orderId}`,
          orderId: order.orderId,
          status: 'paid',
          amount: order.amount,
          currency: order.currency,
          gatewayTransactionId: `GW-${order.referenceCode}`,
        };
        const rawBody = JSON.stringify(report);
        return {
          orderId: order.orderId,
          rawBody,
          headers: {
            'content-type': 'application/json',
            [GATEWAY_TIMESTAMP_HEADER]: timestamp,
            [GATEWAY_SIGNATURE_HEADER]: signCallback(SECRET, timestamp, rawBody),
          },
        };
      });
      const deliver = (target: string, callback: (typeof callbacks)[number]) =>
        fetch(`${target}${API.depositCallback.path}`, {
          method: 'POST',
          headers: callback.headers,
          body: callback.rawBody,
        });

      // Waves of concurrent callbacks; once KILL_AFTER are answered, the next wave is sent and the server
      // is killed a moment later, with that wave in flight. Later waves never reach it. (One burst of all
      // fifty could be answered in full before the kill lands on a fast machine.)
      const acknowledged = new Set<string>();
      let killed = false;
      for (let start = 0; start < callbacks.length && !killed; start += WAVE) {
        const wave = callbacks.slice(start, start + WAVE).map(async (callback) => {
          try {
            const response = await deliver(base, callback);
            if (response.status === 200) acknowledged.add(callback.orderId);
          } catch {
            // The server died before answering: the gateway will deliver it again.
          }
        });
        if (acknowledged.size >= KILL_AFTER) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          killed = true;
          first.child.kill('SIGKILL');
        }
        await Promise.all(wave);
      }
      if (!killed) first.child.kill('SIGKILL');
      await first.exited;
      expect(first.child.signalCode).toBe('SIGKILL');
      // Killed mid-way: some callbacks were answered, some never were.
      expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
      expect(acknowledged.size).toBeLessThan(callbacks.length);

      // Second run on the same data: what was acknowledged is still paid.
      const { run: second, base: secondBase } = await startOnFreePort(env);
      running.push(second);
      const again = client(secondBase);
      for (const { order, session } of orders) {
        if (!acknowledged.has(order.orderId)) continue;
        const found = await again<DepositOrder>(API.depositOrder, {
          cookie: session,
          query: { orderId: order.orderId },
        });
        expect(found.value.status, order.orderId).toBe('paid');
      }

      // The gateway delivers every callback again: the acknowledged ones are duplicates, the rest credit now.
      const redelivered = await Promise.all(
        callbacks.map(async (callback) => {
          const response = await deliver(secondBase, callback);
          const body = (await response.json()) as { value: { credited: boolean; duplicate: boolean } };
          return { ...body.value, orderId: callback.orderId, httpStatus: response.status };
        }),
      );
      for (const answer of redelivered) {
        expect(answer.httpStatus, answer.orderId).toBe(200);
        if (acknowledged.has(answer.orderId))
          expect(answer).toMatchObject({ credited: false, duplicate: true });
      }

      // Every order paid once: each member's wallet is exactly the sum of their orders.
      for (const session of sessions) {
        const wallet = await again<{ sumBalance: number }>(API.wallet, { cookie: session });
        const mine = orders.filter((entry) => entry.session === session);
        expect(wallet.value.sumBalance).toBe(mine.reduce((sum, entry) => sum + entry.order.amount, 0));
        const history = await again<{ total: number }>(API.walletTransactions, {
          cookie: session,
          query: { kind: 'deposit' },
        });
        expect(history.value.total).toBe(mine.length);
      }

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
      const check = await runLedgerCheck(databaseEnv);
      expect(check.stdout).toContain(
        `deposit orders: ${orders.length} paid; deposit credits: ${orders.length}`,
      );
      expect(check.stdout).toContain('ledger check OK');
      expect(check.code).toBe(0);
    }, 180_000);
  });
}
