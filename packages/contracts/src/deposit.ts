import type { ApiTable } from './api-call.ts';
import { z } from 'zod';
import { moneySchema } from './wallet-balance.ts';
import { pageParams } from './paging.ts';

/**
 * Deposit (product.md §2 /m/voucherCenter, §4 "Deposit with non-real account", §7 deposit calls).
 *
 * A real member (types 0, 1, 2) picks a channel of the merchant, enters an amount within the channel's
 * minimum and maximum and gets an order with what to pay: a bank account and a reference code to write in
 * the transfer, a VietQR code, or an e-wallet account. The payment gateway confirms the payment by calling
 * the signed callback; only then is the wallet credited, exactly once. Anyone else is refused with
 * FEATURE_NOT_ENABLED `{ reason: 'actual_account_required' }`.
 *
 * Orders: `pending` → `paid` | `failed` | `expired` (at `expiresAt`). A gateway may still confirm an
 * expired order (the money arrived late): it becomes `paid`. Amounts are integers in minor units (VND:
 * whole đồng).
 */

export const DEPOSIT_CHANNEL_KINDS = ['bank_transfer', 'vietqr', 'ewallet'] as const;
export type DepositChannelKind = (typeof DEPOSIT_CHANNEL_KINDS)[number];

export const DEPOSIT_ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type DepositOrderStatus = (typeof DEPOSIT_ORDER_STATUSES)[number];

/** The reason of FEATURE_NOT_ENABLED for a member who may not deposit (product.md §4 'actual account required'). */
export const ACTUAL_ACCOUNT_REQUIRED = 'actual_account_required';

/** Pending orders a member may have at once; one more is 429 TOO_MANY_REQUESTS (reason PENDING_ORDER_LIMIT). */
export const MAX_PENDING_DEPOSIT_ORDERS = 5;

/** Deposit order pages: default and largest page size. */
export const DEPOSIT_ORDER_PAGE_SIZE = { default: 20, max: 100 } as const;

const channelCode = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,31}$/);
const orderId = z.uuid();

/** A channel as the member sees it (no account details until an order is made). */
export const depositChannel = z.object({
  code: channelCode,
  kind: z.enum(DEPOSIT_CHANNEL_KINDS),
  /** In the caller's language. */
  name: z.string(),
  minAmount: moneySchema,
  maxAmount: moneySchema,
  currency: z.string(),
  /** Amounts offered as one-tap choices (all within min and max). */
  quickAmounts: z.array(moneySchema),
  /** How long an order of this channel waits for the payment. */
  expiresInMinutes: z.number().int().positive(),
});
export type DepositChannel = z.infer<typeof depositChannel>;

export const depositChannels = z.object({
  list: z.array(depositChannel),
});
export type DepositChannels = z.infer<typeof depositChannels>;

/** POST create order. */
export const createDepositOrderRequest = z.object({
  channelCode,
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type CreateDepositOrderRequest = z.infer<typeof createDepositOrderRequest>;

/** A bank account to transfer to (bank transfer and VietQR). */
export const depositBankAccount = z.object({
  bankName: z.string(),
  /** The bank's NAPAS BIN (6 digits), as in the VietQR code. */
  bankBin: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type DepositBankAccount = z.infer<typeof depositBankAccount>;

/** What to pay and how: one shape per channel kind. `referenceCode` goes in the transfer's message. */
export const depositPayment = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('bank_transfer'),
    bank: depositBankAccount,
    referenceCode: z.string(),
    amount: moneySchema,
  }),
  z.object({
    kind: z.literal('vietqr'),
    bank: depositBankAccount,
    referenceCode: z.string(),
    amount: moneySchema,
    /** The EMVCo / VietQR payload the code carries (scan it with any Vietnamese banking app). */
    qrPayload: z.string(),
    /** The QR code as an SVG data URL (`data:image/svg+xml;base64,…`). */
    qrImage: z.string(),
  }),
  z.object({
    kind: z.literal('ewallet'),
    provider: z.string(),
    walletAccount: z.string(),
    accountName: z.string(),
    referenceCode: z.string(),
    amount: moneySchema,
  }),
]);
export type DepositPayment = z.infer<typeof depositPayment>;

export const depositOrder = z.object({
  orderId,
  channelCode: z.string(),
  channelKind: z.enum(DEPOSIT_CHANNEL_KINDS),
  /** The channel's name in the caller's language. */
  channelName: z.string(),
  amount: moneySchema,
  currency: z.string(),
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  referenceCode: z.string(),
  /** ISO 8601 times. */
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  /** Why the gateway failed the payment, when it did. */
  failureReason: z.string().nullable(),
  /** The ledger transaction that credited the wallet (paid orders). */
  transactionId: z.string().nullable(),
  /** What to pay (kept on settled orders too, for the record). */
  payment: depositPayment,
  /**
   * The payment gateway's page where the member pays this order (a signed link), while it is pending and
   * the site has a gateway (PAYMENT_GATEWAY_URL); else null. The gateway calls the callback, then sends
   * the member back to the order.
   */
  payUrl: z.string().nullable(),
});
export type DepositOrder = z.infer<typeof depositOrder>;

/** GET one order: `?orderId=` (the member's own; another member's is 404). */
export const depositOrderQuery = z.object({ orderId });
export type DepositOrderQuery = z.infer<typeof depositOrderQuery>;

/** GET the member's orders, newest first. */
export const depositOrdersQuery = z.object({
  ...pageParams(DEPOSIT_ORDER_PAGE_SIZE),
  status: z.enum(DEPOSIT_ORDER_STATUSES).optional(),
});
export type DepositOrdersQuery = z.input<typeof depositOrdersQuery>;

export const depositOrderPage = z.object({
  list: z.array(depositOrder),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type DepositOrderPage = z.infer<typeof depositOrderPage>;

// ——— the payment gateway's callback ———

/** Headers of the callback: unix seconds, and hex HMAC-SHA256 of `<timestamp>.<raw body>` with the shared secret. */
export const GATEWAY_TIMESTAMP_HEADER = 'x-gateway-timestamp';
export const GATEWAY_SIGNATURE_HEADER = 'x-gateway-signature';
/** A callback whose timestamp is further than this from the server's time is refused. */
export const GATEWAY_TIMESTAMP_WINDOW_SECONDS = 300;

/** What the gateway reports about one order. */
export const gatewayCallback = z.object({
  /** The gateway's id of this notification (a redelivery keeps it). */
  eventId: z.string().min(1).max(100),
  orderId,
  status: z.enum(['paid', 'failed']),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().min(3).max(8),
  /** The gateway's id of the payment. */
  gatewayTransactionId: z.string().min(1).max(100),
  failureReason: z.string().max(200).optional(),
});
export type GatewayCallback = z.infer<typeof gatewayCallback>;

export const gatewayCallbackResult = z.object({
  orderId,
  status: z.enum(DEPOSIT_ORDER_STATUSES),
  /** True when this delivery credited the wallet; a redelivery answers false. */
  credited: z.boolean(),
  /** True when the order already had this outcome (a redelivery). */
  duplicate: z.boolean(),
});
export type GatewayCallbackResult = z.infer<typeof gatewayCallbackResult>;

// ——— the payment link (the member's browser goes to the gateway's page) ———

/**
 * What the site tells the gateway in the payment link's query (docs/decisions/036-sandboxes-process.md),
 * signed with the shared secret: `ts` (unix seconds) and `signature` (hex HMAC-SHA256 of
 * `<ts>.<gatewayPaymentMessage(link)>`). The gateway takes what to charge from here, never from the member,
 * and sends the member back to `returnUrl` once the callback answered.
 */
export const gatewayPaymentLink = z.object({
  merchant: z.string().min(1).max(32),
  orderId,
  /** Minor units, as digits. */
  amount: z.string().regex(/^[1-9]\d{0,15}$/),
  currency: z.string().min(3).max(8),
  /** The order's reference code, shown on the gateway's page. */
  reference: z.string().min(1).max(40),
  /** After this the gateway takes no payment for the order. */
  expiresAt: z.iso.datetime(),
  /** The site's order page. */
  returnUrl: z.url({ protocol: /^https?$/ }).max(500),
  /** The language of the gateway's page. */
  lang: z.enum(['vi', 'en']),
});
export type GatewayPaymentLink = z.infer<typeof gatewayPaymentLink>;

/** The query parameters of the link's timestamp and signature. */
export const GATEWAY_LINK_TIMESTAMP = 'ts';
export const GATEWAY_LINK_SIGNATURE = 'signature';

const PAYMENT_LINK_FIELDS = Object.keys(gatewayPaymentLink.shape) as (keyof GatewayPaymentLink)[];

/** The signed message of a link: its fields as `name=value` (value URI-encoded) joined by `&`, in the schema's order. */
export function gatewayPaymentMessage(link: GatewayPaymentLink): string {
  return PAYMENT_LINK_FIELDS.map((field) => `${field}=${encodeURIComponent(link[field])}`).join('&');
}

/** The deposit calls of the API table (api-paths.ts composes every domain's calls). */
export const depositCalls = {
  depositChannels: {
    method: 'GET',
    path: '/api/deposit/channels',
    moduleId: 'FUNDTRANS3',
    response: depositChannels,
  },
  createDepositOrder: {
    method: 'POST',
    path: '/api/deposit/orders',
    moduleId: 'FUNDTRANS3',
    body: createDepositOrderRequest,
    response: depositOrder,
  },
  depositOrders: {
    method: 'GET',
    path: '/api/deposit/orders',
    moduleId: 'FUNDTRANS3',
    query: depositOrdersQuery,
    response: depositOrderPage,
  },
  depositOrder: {
    method: 'GET',
    path: '/api/deposit/order',
    moduleId: 'FUNDTRANS3',
    query: depositOrderQuery,
    response: depositOrder,
  },
  /**
   * The gateway's signed callback answers the envelope; its body has no schema here: the route reads it as
   * the raw text that was signed (`gatewayCallback` once the signature is checked).
   */
  depositCallback: {
    method: 'POST',
    path: '/api/deposit/callback',
    moduleId: 'FUNDTRANS3',
    response: gatewayCallbackResult,
  },
} as const satisfies ApiTable;
