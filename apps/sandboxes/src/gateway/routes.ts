import { randomBytes } from 'node:crypto';
import { API } from '@kl/contracts/api-paths';
import {
  GATEWAY_LINK_SIGNATURE,
  GATEWAY_LINK_TIMESTAMP,
  GATEWAY_SIGNATURE_HEADER,
  GATEWAY_TIMESTAMP_HEADER,
  type GatewayCallback,
  type GatewayPaymentLink,
  gatewayPaymentLink,
  gatewayPaymentMessage,
} from '@kl/contracts/deposit';
import { localeFromAcceptLanguage } from '@kl/contracts/i18n';
import { checkPaymentLink, signCallback } from '@kl/signing/gateway';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messagePage, paymentPage } from './page.ts';
import { GATEWAY_TEXTS, type GatewayLanguage } from './texts.ts';

/** The payment page's address on the sandboxes process (what PAYMENT_GATEWAY_URL names). */
export const GATEWAY_PAY_PATH = '/gateway/pay';
/** A form is small; anything larger is not the payment page's. */
const FORM_BODY_LIMIT = 16 * 1024;
const CALLBACK_TIMEOUT_MS = 15_000;

export interface GatewayDeps {
  /** The site's base URL: the callback is POSTed to its `/api/deposit/callback`. */
  siteUrl: string;
  /** The key shared with the site. */
  secret: string;
  clock: () => Date;
  /** Node's fetch by default. */
  fetch?: typeof fetch;
}

type Fields = Record<string, unknown>;
type Link = { link: GatewayPaymentLink; timestamp: string; signature: string };

const randomId = (bytes: number) => randomBytes(bytes).toString('hex');
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The page's language before the link is read: the link's own, else the browser's. */
function languageOf(fields: Fields, request: FastifyRequest): GatewayLanguage {
  const lang = text(fields.lang);
  if (lang === 'vi' || lang === 'en') return lang;
  return localeFromAcceptLanguage(request.headers['accept-language']) === 'en' ? 'en' : 'vi';
}

/** The link the site signed, or undefined when it is not one (a field missing or changed). */
function verifiedLink(fields: Fields, secret: string): Link | undefined {
  const parsed = gatewayPaymentLink.safeParse(fields);
  if (!parsed.success) return undefined;
  const timestamp = text(fields[GATEWAY_LINK_TIMESTAMP]);
  const signature = text(fields[GATEWAY_LINK_SIGNATURE]);
  const valid = checkPaymentLink({
    secret,
    timestamp,
    signature,
    message: gatewayPaymentMessage(parsed.data),
  });
  return valid && timestamp && signature ? { link: parsed.data, timestamp, signature } : undefined;
}

/**
 * The sandbox payment gateway (docs/decisions/036-sandboxes-process.md): the site sends the member's
 * browser to `GET /gateway/pay` with a signed link; the page's "Pay" or "Decline" posts it back, the
 * gateway reports the outcome to the site's callback (signed, over HTTP, as a real gateway does) and
 * sends the browser back to the site's order page.
 */
export async function registerGateway(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  const send = deps.fetch ?? fetch;

  await app.register(async (gateway) => {
    gateway.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    gateway.addHook('onSend', async (_request, reply) => {
      reply
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
        )
        .header('referrer-policy', 'no-referrer')
        .header('x-content-type-options', 'nosniff');
    });

    const html = (reply: FastifyReply, status: number, page: string) =>
      reply.code(status).type('text/html; charset=utf-8').send(page);

    /** The link, checked and still payable; otherwise the page saying why not (already sent). */
    function payable(request: FastifyRequest, reply: FastifyReply, fields: Fields): Link | undefined {
      const lang = languageOf(fields, request);
      const t = GATEWAY_TEXTS[lang];
      const verified = verifiedLink(fields, deps.secret);
      if (!verified) {
        void html(reply, 400, messagePage(lang, t.invalidTitle, t.invalidNote, undefined));
        return undefined;
      }
      if (new Date(verified.link.expiresAt) <= deps.clock()) {
        void html(reply, 410, messagePage(lang, t.expiredTitle, t.expiredNote, verified.link.returnUrl));
        return undefined;
      }
      return verified;
    }

    gateway.get(GATEWAY_PAY_PATH, async (request, reply) => {
      const fields = request.query as Fields;
      const verified = payable(request, reply, fields);
      if (!verified) return reply;
      const names = { timestamp: GATEWAY_LINK_TIMESTAMP, signature: GATEWAY_LINK_SIGNATURE };
      return html(reply, 200, paymentPage(verified.link, { ...verified, names }, GATEWAY_PAY_PATH));
    });

    gateway.post(GATEWAY_PAY_PATH, async (request, reply) => {
      const fields = (request.body ?? {}) as Fields;
      const outcome = text(fields.outcome);
      const verified = payable(request, reply, fields);
      if (!verified) return reply;
      const { link } = verified;
      const t = GATEWAY_TEXTS[link.lang];
      if (outcome !== 'paid' && outcome !== 'failed') {
        return html(reply, 400, messagePage(link.lang, t.invalidTitle, t.invalidNote, link.returnUrl));
      }
      const callback: GatewayCallback = {
        eventId: `sbx_evt_${randomId(12)}`,
        orderId: link.orderId,
        status: outcome,
        amount: Number(link.amount),
        currency: link.currency,
        gatewayTransactionId: `SBX${randomId(9).toUpperCase()}`,
        ...(outcome === 'failed' && { failureReason: 'sandbox: payment declined' }),
      };
      const rawBody = JSON.stringify(callback);
      const timestamp = String(Math.floor(deps.clock().getTime() / 1000));
      let answer: { status: number; message: string | undefined };
      try {
        const response = await send(new URL(API.depositCallback.path, `${deps.siteUrl}/`), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The site's refusal in the page's language.
            'accept-language': link.lang,
            [GATEWAY_TIMESTAMP_HEADER]: timestamp,
            [GATEWAY_SIGNATURE_HEADER]: signCallback(deps.secret, timestamp, rawBody),
          },
          body: rawBody,
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
        const body = (await response.json().catch(() => ({}))) as { message?: unknown };
        answer = { status: response.status, message: text(body.message) };
      } catch (error) {
        request.log.warn({ err: error, orderId: link.orderId }, 'the site did not answer the callback');
        answer = { status: 0, message: undefined };
      }
      request.log.info({ orderId: link.orderId, outcome, status: answer.status }, 'payment callback sent');
      if (answer.status === 200) return reply.code(303).header('location', link.returnUrl).send();
      if (answer.status >= 400 && answer.status < 500) {
        const note = answer.message ?? `HTTP ${answer.status}`;
        return html(reply, 409, messagePage(link.lang, t.refusedTitle, note, link.returnUrl));
      }
      return html(reply, 502, messagePage(link.lang, t.unreachableTitle, t.unreachableNote, link.returnUrl));
    });
  });
}
