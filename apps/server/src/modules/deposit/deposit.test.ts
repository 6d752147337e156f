import { API, successEnvelope } from '@kl/contracts';
import {
  depositChannels,
  depositOrder,
  depositOrderPage,
  GATEWAY_SIGNATURE_HEADER,
  GATEWAY_TIMESTAMP_HEADER,
  GATEWAY_LINK_SIGNATURE,
  GATEWAY_LINK_TIMESTAMP,
  gatewayCallbackResult,
  gatewayPaymentLink,
  type DepositOrder,
  type GatewayCallback,
} from '@kl/contracts/deposit';
import { transactionHistory } from '@kl/contracts/wallet';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { depositCallback } from '../../db/schema/index.ts';
import { call, freshIp, sessionCookieOf } from '../../test/accounts.ts';
import { buildTestApp, captureLogs, json } from '../../test/app.ts';
import { payAtGateway } from '../../test/gateway.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { type MemberCaller as Caller, useTestApp } from '../../test/suite.ts';
import { checkLedger } from '../wallet/index.ts';
import { checkDeposits } from './deposit-check.ts';
import { buildSandboxesApp } from '@kl/sandboxes/app';
import { signCallback } from '@kl/signing/gateway';
import { parseEmvFields } from './vietqr.ts';

const SECRET = 'test-callback-secret-0123456789abcdef';

describeEachDatabase('deposit', (kind) => {
  const logs = captureLogs();
  const suite = useTestApp(kind, {
    config: { paymentCallbackSecret: SECRET, logLevel: 'info' },
    logger: logs.logger,
  });
  const { database, time, walletOf, newMember } = suite;

  const createOrder = (caller: Caller, channelCode: string, amount: number) =>
    call(suite.app, API.createDepositOrder, caller, { payload: { channelCode, amount } });
  const orderOf = (response: LightMyRequestResponse): DepositOrder =>
    successEnvelope(depositOrder).parse(json(response)).value;
  const newOrder = async (caller: Caller, channelCode = 'bank-transfer', amount = 200_000) => {
    const response = await createOrder(caller, channelCode, amount);
    expect(response.statusCode, response.body).toBe(200);
    return orderOf(response);
  };
  const getOrder = (caller: Caller, orderId: string) =>
    call(suite.app, API.depositOrder, caller, { query: { orderId } });
  /** The member opens the order's payment link at the sandbox gateway and presses "Pay" (or "Decline"). */
  const payAt = (order: DepositOrder, outcome?: 'paid' | 'failed') => {
    if (order.payUrl === null) throw new Error(`order ${order.orderId} has no payment link`);
    return payAtGateway(suite.app, order.payUrl, { secret: SECRET, clock: time.clock, outcome });
  };

  /** What a gateway sends: the JSON body, signed with the timestamp (now unless told). */
  function signed(body: Partial<GatewayCallback> | string, options: { at?: Date; secret?: string } = {}) {
    const rawBody = typeof body === 'string' ? body : JSON.stringify(body);
    const timestamp = String(Math.floor((options.at ?? time.clock()).getTime() / 1000));
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        [GATEWAY_TIMESTAMP_HEADER]: timestamp,
        [GATEWAY_SIGNATURE_HEADER]: signCallback(options.secret ?? SECRET, timestamp, rawBody),
      },
    };
  }
  const deliver = (delivery: { rawBody: string; headers: Record<string, string> }) =>
    suite.app.inject({
      method: 'POST',
      url: API.depositCallback.path,
      headers: delivery.headers,
      payload: delivery.rawBody,
      remoteAddress: '203.0.113.7',
    });
  const paidReport = (order: DepositOrder, overrides: Partial<GatewayCallback> = {}): GatewayCallback => ({
    eventId: `evt-${order.orderId}`,
    orderId: order.orderId,
    status: 'paid',
    amount: order.amount,
    currency: order.currency,
    gatewayTransactionId: `GW-${order.referenceCode}`,
    ...overrides,
  });
  const callbacksOf = (orderRef: string) =>
    database.current.db.select().from(depositCallback).where(eq(depositCallback.orderRef, orderRef));
  const expectBooksSound = async () => {
    expect((await checkLedger(database.current.db)).problems).toEqual([]);
    expect((await checkDeposits(database.current.db)).problems).toEqual([]);
  };

  describe('channels', () => {
    it('lists the seeded channels with their limits and quick amounts, in the caller’s language', async () => {
      const { caller } = await newMember();
      const response = await call(suite.app, API.depositChannels, caller);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-module-id']).toBe('FUNDTRANS3');
      const channels = successEnvelope(depositChannels).parse(json(response)).value;
      expect(channels.list.map((channel) => [channel.code, channel.kind, channel.name])).toEqual([
        ['bank-transfer', 'bank_transfer', 'Bank transfer'],
        ['vietqr', 'vietqr', 'VietQR code'],
        ['momo', 'ewallet', 'MoMo e-wallet'],
      ]);
      for (const channel of channels.list) {
        expect(channel.minAmount).toBeGreaterThan(0);
        expect(channel.maxAmount).toBeGreaterThan(channel.minAmount);
        expect(channel.quickAmounts.length).toBeGreaterThan(0);
        for (const amount of channel.quickAmounts) {
          expect(amount).toBeGreaterThanOrEqual(channel.minAmount);
          expect(amount).toBeLessThanOrEqual(channel.maxAmount);
        }
      }
      const vietnamese = await suite.app.inject({
        url: API.depositChannels.path,
        headers: { cookie: `kl_session=${caller.cookie}`, 'accept-language': 'vi' },
      });
      expect(json<{ value: { list: { name: string }[] } }>(vietnamese).value.list[0]?.name).toBe(
        'Chuyển khoản ngân hàng',
      );
    });

    it('refuses visitors, and trial members with actual_account_required (product.md §4)', async () => {
      expect((await call(suite.app, API.depositChannels, { ip: freshIp() })).statusCode).toBe(401);
      const trial = await call(suite.app, API.trialLogin, { ip: freshIp() });
      const caller = { ip: freshIp(), cookie: sessionCookieOf(trial) ?? '' };
      for (const response of [
        await call(suite.app, API.depositChannels, caller),
        await createOrder(caller, 'bank-transfer', 100_000),
        await call(suite.app, API.depositOrders, caller),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(json(response)).toMatchObject({
          code: 'FEATURE_NOT_ENABLED',
          value: { reason: 'actual_account_required' },
        });
      }
      // Agents are not real members either (product.md §3 types 0, 1, 2 are).
      const agent = await newMember({ type: 41 });
      expect((await createOrder(agent.caller, 'bank-transfer', 100_000)).statusCode).toBe(403);
    });
  });

  describe('orders', () => {
    it('makes a bank transfer order with a reference code; the wallet waits for the gateway', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'bank-transfer', 250_000);
      expect(order).toMatchObject({
        channelCode: 'bank-transfer',
        channelKind: 'bank_transfer',
        amount: 250_000,
        currency: 'VND',
        status: 'pending',
        paidAt: null,
        transactionId: null,
      });
      // The gateway's page, with what to pay signed under the shared secret.
      const link = new URL(order.payUrl ?? '');
      expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:8090/gateway/pay');
      expect(gatewayPaymentLink.parse(Object.fromEntries(link.searchParams))).toEqual({
        merchant: 'kimlong',
        orderId: order.orderId,
        amount: '250000',
        currency: 'VND',
        reference: order.referenceCode,
        expiresAt: order.expiresAt,
        returnUrl: `http://localhost:80/m/voucherCenter?orderId=${order.orderId}`,
        lang: 'en',
      });
      expect(link.searchParams.get(GATEWAY_LINK_TIMESTAMP)).toMatch(/^\d+$/);
      expect(link.searchParams.get(GATEWAY_LINK_SIGNATURE)).toMatch(/^[0-9a-f]{64}$/);
      expect(order.referenceCode).toMatch(/^KL[A-HJ-NP-Z2-9]{8}$/);
      expect(Date.parse(order.expiresAt) - time.clock().getTime()).toBe(30 * 60_000);
      expect(order.payment).toMatchObject({
        kind: 'bank_transfer',
        referenceCode: order.referenceCode,
        amount: 250_000,
        bank: { bankName: 'Vietcombank', bankBin: '970436' },
      });
      expect(await walletOf(caller)).toMatchObject({ sumBalance: 0, available: 0, held: 0 });
    });

    it('makes a VietQR order whose code carries the account, the amount and the reference', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'vietqr', 1_234_000);
      if (order.payment.kind !== 'vietqr') throw new Error('not a VietQR payment');
      const fields = parseEmvFields(order.payment.qrPayload);
      expect(fields.get('54')).toBe('1234000');
      expect(fields.get('62')).toContain(order.referenceCode);
      expect(fields.get('38')).toContain(order.payment.bank.accountNumber);
      expect(order.payment.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
      const svg = Buffer.from(order.payment.qrImage.split(',')[1] ?? '', 'base64').toString('utf8');
      expect(svg).toContain(`<title>VietQR code ${order.referenceCode}</title>`);
    });

    it('makes an e-wallet order', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'momo', 50_000);
      expect(order.payment).toEqual({
        kind: 'ewallet',
        provider: 'MoMo',
        walletAccount: '0909123456',
        accountName: 'KIM LONG',
        referenceCode: order.referenceCode,
        amount: 50_000,
      });
    });

    it('keeps the amount within the channel’s minimum and maximum', async () => {
      const { caller } = await newMember();
      for (const amount of [49_999, 300_000_001]) {
        const response = await createOrder(caller, 'bank-transfer', amount);
        expect(response.statusCode).toBe(400);
        expect(json(response)).toMatchObject({
          code: 'DEPOSIT_AMOUNT_OUT_OF_RANGE',
          value: { minAmount: 50_000, maxAmount: 300_000_000, currency: 'VND' },
        });
      }
      expect((await createOrder(caller, 'bank-transfer', 50_000)).statusCode).toBe(200);
      expect((await createOrder(caller, 'bank-transfer', 300_000_000)).statusCode).toBe(200);
      expect(json(await createOrder(caller, 'nowhere', 100_000))).toMatchObject({ code: 'NOT_FOUND' });
      for (const amount of [0, -100, 1.5, '100000']) {
        const response = await call(suite.app, API.createDepositOrder, caller, {
          payload: { channelCode: 'bank-transfer', amount },
        });
        expect(response.statusCode).toBe(400);
        expect(json(response)).toMatchObject({ code: 'INVALID_INPUT' });
      }
    });

    it('allows five pending orders at a time', async () => {
      const { caller } = await newMember();
      for (let index = 0; index < 5; index += 1) await newOrder(caller, 'momo', 10_000);
      const sixth = await createOrder(caller, 'momo', 10_000);
      expect(sixth.statusCode).toBe(429);
      expect(json(sixth)).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        value: { reason: 'PENDING_ORDER_LIMIT' },
      });
    });

    it('shows a member only their own orders, newest first, filtered by status', async () => {
      const { caller } = await newMember();
      const other = await newMember();
      const first = await newOrder(caller, 'momo', 10_000);
      time.advanceMinutes(1);
      const second = await newOrder(caller, 'momo', 20_000);
      expect(orderOf(await getOrder(caller, first.orderId)).orderId).toBe(first.orderId);
      const foreign = await getOrder(other.caller, first.orderId);
      expect(foreign.statusCode).toBe(404);
      expect(json(foreign)).toMatchObject({ code: 'NOT_FOUND', value: { reason: 'ORDER_NOT_FOUND' } });
      expect((await getOrder(caller, 'not-a-uuid')).statusCode).toBe(400);

      const page = successEnvelope(depositOrderPage).parse(
        json(await call(suite.app, API.depositOrders, caller)),
      ).value;
      expect(page.list.map((order) => order.orderId)).toEqual([second.orderId, first.orderId]);
      expect(page).toMatchObject({ total: 2, totalPages: 1, pageNum: 1 });
      expect((await payAt(second)).status).toBe(303);
      const paid = successEnvelope(depositOrderPage).parse(
        json(await call(suite.app, API.depositOrders, caller, { query: { status: 'paid' } })),
      ).value;
      expect(paid.list.map((order) => order.orderId)).toEqual([second.orderId]);
    });

    it('expires a pending order at its time; the gateway no longer takes it, a late gateway report still credits', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'momo', 30_000); // 10 minutes
      time.advanceMinutes(10);
      const expired = orderOf(await getOrder(caller, order.orderId));
      expect(expired).toMatchObject({ status: 'expired', payUrl: null });
      const pay = await payAt(order);
      expect(pay).toMatchObject({ pageStatus: 410, status: 410 });
      expect(await callbacksOf(order.orderId)).toEqual([]);
      // The money arrived after all: the gateway's signed report is honoured.
      const late = await deliver(signed(paidReport(order)));
      expect(late.statusCode).toBe(200);
      expect(orderOf(await getOrder(caller, order.orderId)).status).toBe('paid');
      expect((await walletOf(caller)).sumBalance).toBe(30_000);
      await expectBooksSound();
    });
  });

  describe('the gateway and its callback', () => {
    it('pays an order through the signed callback: the wallet rises once, history shows the deposit', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'vietqr', 500_000);
      const response = await payAt(order);
      expect(response, response.body).toMatchObject({
        pageStatus: 200,
        status: 303,
        location: `http://localhost:80/m/voucherCenter?orderId=${order.orderId}`,
      });
      const paidOrder = orderOf(await getOrder(caller, order.orderId));
      expect(paidOrder).toMatchObject({ status: 'paid', payUrl: null });
      expect(paidOrder.paidAt).not.toBeNull();
      expect(paidOrder.transactionId).toMatch(/^\d+$/);
      expect(await walletOf(caller)).toMatchObject({ sumBalance: 500_000, available: 500_000, held: 0 });

      const history = successEnvelope(transactionHistory).parse(
        json(await call(suite.app, API.walletTransactions, caller)),
      ).value;
      expect(history.list).toEqual([
        expect.objectContaining({
          id: paidOrder.transactionId,
          kind: 'deposit',
          amount: 500_000,
          availableChange: 500_000,
          balanceAfter: 500_000,
          reference: `deposit:${order.orderId}`,
        }),
      ]);
      // Paying again with the old link: the site answers a duplicate, nothing more is credited.
      const again = await payAt(order);
      expect(again.status).toBe(303);
      expect((await walletOf(caller)).sumBalance).toBe(500_000);
      expect((await callbacksOf(order.orderId)).map((row) => row.outcome)).toEqual(['credited', 'duplicate']);
      await expectBooksSound();
    });

    it('credits once when the callback is delivered twice, and when copies arrive at once', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'bank-transfer', 100_000);
      const delivery = signed(paidReport(order));
      const first = await deliver(delivery);
      expect(successEnvelope(gatewayCallbackResult).parse(json(first)).value).toEqual({
        orderId: order.orderId,
        status: 'paid',
        credited: true,
        duplicate: false,
      });
      const second = await deliver(delivery);
      expect(second.statusCode).toBe(200);
      expect(json(second)).toMatchObject({ value: { status: 'paid', credited: false, duplicate: true } });
      expect((await walletOf(caller)).sumBalance).toBe(100_000);

      const racing = await newOrder(caller, 'bank-transfer', 70_000);
      const copy = signed(paidReport(racing));
      const answers = await Promise.all(Array.from({ length: 12 }, () => deliver(copy)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
      const credited = answers.filter(
        (answer) => json<{ value: { credited: boolean } }>(answer).value.credited,
      );
      expect(credited).toHaveLength(1);
      expect((await walletOf(caller)).sumBalance).toBe(170_000);
      await expectBooksSound();
    });

    it('records a failed payment; a later paid report for it is refused and credits nothing', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'momo', 40_000);
      const failed = await payAt(order, 'failed');
      expect(failed.status).toBe(303);
      expect(orderOf(await getOrder(caller, order.orderId))).toMatchObject({
        status: 'failed',
        failureReason: 'sandbox: payment declined',
      });
      // The gateway shows the site's refusal of a paid report after it, with the way back.
      const late = await payAt(order);
      expect(late.status).toBe(409);
      expect(late.body).toContain(`/m/voucherCenter?orderId=${order.orderId}`);
      const paid = await deliver(signed(paidReport(order)));
      expect(paid.statusCode).toBe(409);
      expect(json(paid)).toMatchObject({ code: 'DEPOSIT_ORDER_CLOSED', value: { status: 'failed' } });
      expect((await walletOf(caller)).sumBalance).toBe(0);
    });

    it('refuses a bad signature, an old timestamp, an unknown order and a wrong amount, and logs them without secrets', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'bank-transfer', 90_000);
      const report = paidReport(order);
      logs.lines.length = 0;

      const forged = await deliver(signed(report, { secret: 'not-the-gateway-secret' }));
      expect(forged.statusCode).toBe(401);
      expect(json(forged)).toMatchObject({
        code: 'CALLBACK_SIGNATURE_INVALID',
        value: { reason: 'BAD_SIGNATURE' },
      });

      const tampered = signed(report);
      const changed = await deliver({
        ...tampered,
        rawBody: JSON.stringify({ ...report, amount: 9_000_000 }),
      });
      expect(json(changed)).toMatchObject({ code: 'CALLBACK_SIGNATURE_INVALID' });

      const unsigned = await suite.app.inject({
        method: 'POST',
        url: API.depositCallback.path,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(report),
      });
      expect(unsigned.statusCode).toBe(401);
      expect(json(unsigned)).toMatchObject({
        code: 'CALLBACK_SIGNATURE_INVALID',
        value: { reason: 'MISSING_SIGNATURE' },
      });

      const old = await deliver(signed(report, { at: new Date(time.clock().getTime() - 6 * 60_000) }));
      expect(old.statusCode).toBe(401);
      expect(json(old)).toMatchObject({ code: 'CALLBACK_TIMESTAMP_EXPIRED' });
      const future = await deliver(signed(report, { at: new Date(time.clock().getTime() + 6 * 60_000) }));
      expect(json(future)).toMatchObject({ code: 'CALLBACK_TIMESTAMP_EXPIRED' });

      const unknownId = '00000000-0000-4000-8000-00000000abcd';
      const unknown = await deliver(signed({ ...report, orderId: unknownId }));
      expect(unknown.statusCode).toBe(404);
      expect(json(unknown)).toMatchObject({ code: 'NOT_FOUND', value: { reason: 'ORDER_NOT_FOUND' } });

      const wrongAmount = await deliver(signed({ ...report, amount: order.amount + 1 }));
      expect(wrongAmount.statusCode).toBe(400);
      expect(json(wrongAmount)).toMatchObject({
        code: 'INVALID_INPUT',
        value: { reason: 'AMOUNT_MISMATCH' },
      });
      const wrongCurrency = await deliver(signed({ ...report, currency: 'USD' }));
      expect(json(wrongCurrency)).toMatchObject({ value: { reason: 'AMOUNT_MISMATCH' } });

      const malformed = await deliver(signed('{"orderId": '));
      expect(malformed.statusCode).toBe(400);
      expect(json(malformed)).toMatchObject({
        code: 'INVALID_INPUT',
        value: { reason: 'MALFORMED_CALLBACK' },
      });

      // Nothing was credited; the order still waits.
      expect(orderOf(await getOrder(caller, order.orderId)).status).toBe('pending');
      expect((await walletOf(caller)).sumBalance).toBe(0);

      // Each refusal is recorded and logged as a warning, with no signature and no secret anywhere.
      expect((await callbacksOf(order.orderId)).map((row) => row.outcome)).toEqual(['mismatch', 'mismatch']);
      expect((await callbacksOf(unknownId)).map((row) => row.outcome)).toEqual(['unknown_order']);
      const refused = logs.lines.filter((line) => line.msg === 'payment callback refused');
      expect(refused.map((line) => line.outcome)).toEqual([
        'bad_signature',
        'bad_signature',
        'bad_signature',
        'stale_timestamp',
        'stale_timestamp',
        'unknown_order',
        'mismatch',
        'mismatch',
        'malformed',
      ]);
      expect(refused.every((line) => line.level === 40)).toBe(true);
      const written = JSON.stringify(logs.lines);
      expect(written).not.toContain(SECRET);
      const loggedRows = JSON.stringify(await database.current.db.select().from(depositCallback));
      expect(loggedRows).not.toContain(SECRET);
      expect(loggedRows).not.toContain(tampered.headers[GATEWAY_SIGNATURE_HEADER]);
    });

    it('has the gateway refuse a payment link whose amount was changed', async () => {
      const { caller } = await newMember();
      const order = await newOrder(caller, 'momo', 10_000);
      const changed = new URL(order.payUrl ?? '');
      changed.searchParams.set('amount', '10');
      const pay = await payAt({ ...order, payUrl: changed.toString() });
      expect(pay).toMatchObject({ pageStatus: 400, status: 400 });
      expect(orderOf(await getOrder(caller, order.orderId)).status).toBe('pending');
      expect(await callbacksOf(order.orderId)).toEqual([]);
    });
  });

  describe('the sandbox gateway in a process of its own', () => {
    it('calls the callback over HTTP on the site’s address and sends the browser back', async () => {
      const listening = await buildTestApp(database.current, {
        clock: time.clock,
        config: { paymentCallbackSecret: SECRET },
      });
      try {
        await listening.listen({ port: 0, host: '127.0.0.1' });
        const address = listening.server.address();
        if (address === null || typeof address !== 'object') throw new Error('not listening');
        const base = `http://127.0.0.1:${address.port}`;
        const { caller } = await newMember();
        const headers = { cookie: `kl_session=${caller.cookie}`, 'content-type': 'application/json' };
        const created = await fetch(`${base}${API.createDepositOrder.path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ channelCode: 'bank-transfer', amount: 60_000 }),
        });
        const order = successEnvelope(depositOrder).parse(await created.json()).value;
        const gateway = await buildSandboxesApp({
          provider: false,
          config: { siteUrl: base, paymentCallbackSecret: SECRET, logLevel: 'silent' },
          clock: time.clock,
          logger: false,
        });
        try {
          const gatewayBase = await gateway.listen({ port: 0, host: '127.0.0.1' });
          const link = new URL(order.payUrl ?? '');
          expect(link.searchParams.get('returnUrl')).toBe(`${base}/m/voucherCenter?orderId=${order.orderId}`);
          const page = await fetch(`${gatewayBase}${link.pathname}${link.search}`);
          expect(page.status).toBe(200);
          const html = await page.text();
          // The site's default language: the order was made without Accept-Language.
          expect(html).toContain('<html lang="vi">');
          expect(html).toContain('<button type="submit" name="outcome" value="paid">Thanh toán</button>');
          const form = new URLSearchParams(link.search);
          form.set('outcome', 'paid');
          const paid = await fetch(`${gatewayBase}${link.pathname}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form.toString(),
            redirect: 'manual',
          });
          expect(paid.status).toBe(303);
          expect(paid.headers.get('location')).toBe(`${base}/m/voucherCenter?orderId=${order.orderId}`);
        } finally {
          await gateway.close();
        }
        const [received] = await callbacksOf(order.orderId);
        expect(received).toMatchObject({ outcome: 'credited', ip: '127.0.0.1', orderRef: order.orderId });
      } finally {
        await listening.close();
      }
    });
  });

  describe('without a gateway', () => {
    it('has no payment link nor sandbox call, and in production without a secret refuses every callback', async () => {
      const production = await buildTestApp(database.current, {
        clock: time.clock,
        config: {
          nodeEnv: 'production',
          paymentGatewayUrl: undefined,
          paymentCallbackSecret: undefined,
          devOutbox: false,
        },
      });
      try {
        const { caller } = await newMember();
        const order = await newOrder(caller, 'momo', 10_000);
        const seen = await production.inject({
          url: `${API.depositOrder.path}?orderId=${order.orderId}`,
          headers: { cookie: `kl_session=${caller.cookie}` },
        });
        expect(json(seen)).toMatchObject({ value: { status: 'pending', payUrl: null } });
        const pay = await production.inject({
          method: 'POST',
          url: '/api/sandbox-gateway/pay',
          headers: { cookie: `kl_session=${caller.cookie}` },
          payload: { orderId: order.orderId },
        });
        expect(pay.statusCode).toBe(404);
        const delivery = signed(paidReport(order));
        const refused = await production.inject({
          method: 'POST',
          url: API.depositCallback.path,
          headers: delivery.headers,
          payload: delivery.rawBody,
        });
        expect(refused.statusCode).toBe(401);
        expect(json(refused)).toMatchObject({
          code: 'CALLBACK_SIGNATURE_INVALID',
          value: { reason: 'NOT_CONFIGURED' },
        });
      } finally {
        await production.close();
      }
    });
  });
});
