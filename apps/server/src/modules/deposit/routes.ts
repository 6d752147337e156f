import { GATEWAY_SIGNATURE_HEADER, GATEWAY_TIMESTAMP_HEADER } from '@kl/contracts/deposit';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../platform/api-route.ts';
import { currentMember, type MemberGuards } from '../../platform/member-guard.ts';
import type { DepositService, OrderViewer } from './service.ts';

export interface DepositRoutesOptions {
  depositService: DepositService;
  guards: MemberGuards;
  merchantCode: string;
}

const MEMBER_FAILURES = ['NOT_LOGGED_IN', 'SESSION_EXPIRED', 'FEATURE_NOT_ENABLED'] as const;
/** A callback body is small; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

const localeOf = (request: FastifyRequest) => localeFromAcceptLanguage(request.headers['accept-language']);
/** The caller's language, and the site's origin as the caller reached it (through the trusted proxies). */
const viewerOf = (request: FastifyRequest): OrderViewer => ({
  locale: localeOf(request),
  origin: `${request.protocol}://${request.host}`,
});
const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The gateway's callback, in its own context: it reads the body as the raw text that was signed. */
const callbackRoute: FastifyPluginAsync<DepositRoutesOptions> = async (app, options) => {
  const { depositService, merchantCode } = options;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: CALLBACK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  route(app, 'depositCallback', {
    summary: 'The payment gateway reports an order paid or failed (signed callback)',
    description:
      `Headers: ${GATEWAY_TIMESTAMP_HEADER} (unix seconds) and ${GATEWAY_SIGNATURE_HEADER} (hex HMAC-SHA256 of ` +
      '`<timestamp>.<raw body>` with PAYMENT_CALLBACK_SECRET). Body (JSON): eventId, orderId, status paid|failed, ' +
      'amount, currency, gatewayTransactionId, failureReason?. A paid order is credited once: a redelivery ' +
      'answers duplicate: true. Refused: bad or missing signature 401 CALLBACK_SIGNATURE_INVALID, timestamp ' +
      'more than 5 minutes away 401 CALLBACK_TIMESTAMP_EXPIRED, unknown order 404 NOT_FOUND, amount or ' +
      'currency not the order’s 400 INVALID_INPUT (AMOUNT_MISMATCH), paid after failed (or the reverse) 409 ' +
      'DEPOSIT_ORDER_CLOSED. Every delivery is recorded and logged, never its signature.',
    tags: ['deposit'],
    failures: [
      'CALLBACK_SIGNATURE_INVALID',
      'CALLBACK_TIMESTAMP_EXPIRED',
      'NOT_FOUND',
      'DEPOSIT_ORDER_CLOSED',
    ],
    handler: async (request) => {
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const outcome = await depositService.handleCallback({
        rawBody,
        timestamp: header(request, GATEWAY_TIMESTAMP_HEADER),
        signature: header(request, GATEWAY_SIGNATURE_HEADER),
        ip: request.ip,
        merchantCode,
      });
      const details = { outcome: outcome.outcome, orderId: outcome.orderRef, eventId: outcome.eventId };
      if (!outcome.ok) {
        request.log.warn(
          { ...details, code: outcome.error.code, ...outcome.error.value },
          'payment callback refused',
        );
        throw outcome.error;
      }
      request.log.info(details, 'payment callback');
      return outcome.result;
    },
  });
};

/** Deposit calls of the member (/m/voucherCenter) and the gateway's callback. */
export const depositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, options) => {
  const { depositService, guards } = options;
  const tags = ['deposit'];
  const security = [{ session: [] }];

  route(app, 'depositChannels', {
    summary: "The merchant's deposit channels: kind, name, min and max, quick amounts",
    description:
      'Real members only (types 0, 1, 2); others: 403 FEATURE_NOT_ENABLED { reason: actual_account_required }.',
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.member,
    handler: (request) => depositService.channels(currentMember(request), localeOf(request)),
  });

  route(app, 'createDepositOrder', {
    summary: 'Create a deposit order: what to pay (bank account and reference code, VietQR, e-wallet)',
    description:
      'The amount must be within the channel’s min and max (400 DEPOSIT_AMOUNT_OUT_OF_RANGE with minAmount, ' +
      'maxAmount); an unknown or disabled channel is 404; at most 5 pending orders (429 PENDING_ORDER_LIMIT). ' +
      'The wallet is credited only when the gateway confirms the payment. Over a deposit limit the member ' +
      'set: 409 DEPOSIT_LIMIT_EXCEEDED; under a time-out or self-exclusion: 403 ACCOUNT_TIMED_OUT / ' +
      'ACCOUNT_SELF_EXCLUDED with endsAt.',
    tags,
    security,
    failures: [
      ...MEMBER_FAILURES,
      'NOT_FOUND',
      'DEPOSIT_AMOUNT_OUT_OF_RANGE',
      'TOO_MANY_REQUESTS',
      'DEPOSIT_LIMIT_EXCEEDED',
      'ACCOUNT_TIMED_OUT',
      'ACCOUNT_SELF_EXCLUDED',
    ],
    preHandler: guards.member,
    handler: async (request) => {
      const created = await depositService.createOrder(
        currentMember(request),
        request.body,
        viewerOf(request),
      );
      request.log.info({ orderId: created.orderId, channel: created.channelCode }, 'deposit order created');
      return created;
    },
  });

  route(app, 'depositOrders', {
    summary: "The member's deposit orders, newest first, paged",
    tags,
    security,
    failures: MEMBER_FAILURES,
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return depositService.orders(currentMember(request), request.query, viewerOf(request));
    },
  });

  route(app, 'depositOrder', {
    summary: 'One deposit order with its live status (poll it while pending)',
    description: "Another member's order, or an unknown one, is 404 NOT_FOUND (ORDER_NOT_FOUND).",
    tags,
    security,
    failures: [...MEMBER_FAILURES, 'NOT_FOUND'],
    preHandler: guards.member,
    handler: (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return depositService.order(currentMember(request), request.query.orderId, viewerOf(request));
    },
  });

  await app.register(callbackRoute, options);
};
