import { randomInt } from 'node:crypto';
import { isRealMember } from '@kl/contracts/accounts';
import { type LocalizedText, textIn } from '@kl/contracts/content';
import {
  ACTUAL_ACCOUNT_REQUIRED,
  type CreateDepositOrderRequest,
  type DepositChannels,
  type DepositOrder,
  type DepositOrderPage,
  type DepositOrderStatus,
  type DepositPayment,
  type GatewayCallback,
  type GatewayCallbackResult,
  gatewayCallback,
  gatewayPaymentMessage,
  GATEWAY_LINK_SIGNATURE,
  GATEWAY_LINK_TIMESTAMP,
  type GatewayPaymentLink,
  MAX_PENDING_DEPOSIT_ORDERS,
} from '@kl/contracts/deposit';
import type { Locale } from '@kl/contracts/i18n';
import { fullPath } from '@kl/contracts/routes';
import { checkCallbackSignature, signPaymentLink } from '@kl/signing/gateway';
import type { DepositCallbackOutcome, DepositChannelRow, DepositOrderRow } from '../../db/schema/index.ts';
import { addMs, type Clock, MINUTE_MS } from '../../platform/clock.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { Db, DbOrTx } from '../../platform/db.ts';
import { DomainError } from '../../platform/errors.ts';
import type { AuthenticatedMember } from '../../platform/member-guard.ts';
import { type LedgerService, moneyNumber } from '../wallet/index.ts';
import type { DepositRepository } from './repository.ts';
import { qrSvg, svgDataUrl } from '../../platform/qr-svg.ts';
import { vietQrPayload } from './vietqr.ts';

/** The idempotency key of an order's credit: one per order, ever. */
export const depositCreditKey = (orderId: string) => `deposit:${orderId}`;

/** Letters and digits a person cannot confuse (no I, O, 0, 1). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const referenceCode = () =>
  `KL${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;

type Member = Pick<AuthenticatedMember, 'memberId' | 'merchantCode' | 'type'>;

/** Throws a DomainError when the member may not make a deposit order of `amount` now. */
export type DepositCheck = (memberId: string, amount: bigint, currency: string, tx: DbOrTx) => Promise<void>;

/** What a callback delivery came to: answered, or refused with a catalogue code; recorded either way. */
export type CallbackOutcome =
  | {
      ok: true;
      outcome: DepositCallbackOutcome;
      result: GatewayCallbackResult;
      orderRef: string;
      eventId: string;
    }
  | {
      ok: false;
      outcome: DepositCallbackOutcome;
      error: DomainError;
      orderRef: string | null;
      eventId: string | null;
    };

/** Who an order is shown to: the caller's language and the site's origin as the caller reached it. */
export interface OrderViewer {
  locale: Locale;
  /** `https://host`: the gateway sends the member back to the order page there. */
  origin: string;
}

export function createDepositService(deps: {
  db: Db;
  deposits: DepositRepository;
  ledgerService: LedgerService;
  clock: Clock;
  /** The key shared with the gateway; undefined refuses every callback (production without it). */
  callbackSecret: string | undefined;
  /** The gateway's payment page (docs/decisions/036-sandboxes-process.md); undefined: no payment link. */
  gatewayUrl: string | undefined;
  /** Refuses a new order (a deposit limit, a time-out); runs in the transaction that inserts it. */
  checkDeposit?: DepositCheck | undefined;
  /** Told after the commit of a change of a member's balance (platform/member-feed.ts). */
  balanceChanged?: ((memberId: string) => void) | undefined;
}) {
  const { db, deposits, ledgerService, clock, callbackSecret, gatewayUrl } = deps;

  function requireRealMember(member: Member): void {
    if (!isRealMember(member.type))
      throw new DomainError('FEATURE_NOT_ENABLED', { reason: ACTUAL_ACCOUNT_REQUIRED });
  }

  function paymentOf(order: DepositOrderRow, channel: DepositChannelRow, locale: Locale): DepositPayment {
    const amount = moneyNumber(order.amount);
    const details = channel.details;
    if (channel.kind === 'ewallet') {
      if (!('provider' in details)) throw new Error(`channel ${channel.code} has no e-wallet account`);
      return { kind: 'ewallet', ...details, referenceCode: order.referenceCode, amount };
    }
    if (!('bankBin' in details)) throw new Error(`channel ${channel.code} has no bank account`);
    const bank = {
      bankName: details.bankName,
      bankBin: details.bankBin,
      accountNumber: details.accountNumber,
      accountName: details.accountName,
    };
    if (channel.kind === 'bank_transfer') {
      return { kind: 'bank_transfer', bank, referenceCode: order.referenceCode, amount };
    }
    const qrPayload = vietQrPayload({
      bankBin: bank.bankBin,
      accountNumber: bank.accountNumber,
      amount,
      purpose: order.referenceCode,
    });
    const title = locale === 'vi' ? `Mã VietQR ${order.referenceCode}` : `VietQR code ${order.referenceCode}`;
    return {
      kind: 'vietqr',
      bank,
      referenceCode: order.referenceCode,
      amount,
      qrPayload,
      qrImage: svgDataUrl(qrSvg(qrPayload, title)),
    };
  }

  /**
   * The gateway's page for a pending order: the link's fields signed with the shared secret, so the
   * gateway charges what the site asked and sends the member back to the order page.
   */
  function payUrlOf(order: DepositOrderRow, viewer: OrderViewer): string | null {
    if (gatewayUrl === undefined || callbackSecret === undefined) return null;
    const link: GatewayPaymentLink = {
      merchant: order.merchantCode,
      orderId: order.id,
      amount: String(order.amount),
      currency: order.currency,
      reference: order.referenceCode,
      expiresAt: order.expiresAt.toISOString(),
      returnUrl: `${viewer.origin}${fullPath('voucherCenter')}?orderId=${order.id}`,
      lang: viewer.locale === 'en' ? 'en' : 'vi',
    };
    const timestamp = String(Math.floor(clock().getTime() / 1000));
    const url = new URL(gatewayUrl);
    for (const [name, value] of Object.entries(link)) url.searchParams.set(name, value);
    url.searchParams.set(GATEWAY_LINK_TIMESTAMP, timestamp);
    url.searchParams.set(
      GATEWAY_LINK_SIGNATURE,
      signPaymentLink(callbackSecret, timestamp, gatewayPaymentMessage(link)),
    );
    return url.toString();
  }

  /** An order as the member sees it; a pending order past its time shows as expired. */
  function viewOf(order: DepositOrderRow, channel: DepositChannelRow, viewer: OrderViewer): DepositOrder {
    const { locale } = viewer;
    const now = clock();
    const status = order.status === 'pending' && order.expiresAt <= now ? 'expired' : order.status;
    return {
      orderId: order.id,
      channelCode: channel.code,
      channelKind: channel.kind,
      channelName: textIn(channel.name as LocalizedText, locale),
      amount: moneyNumber(order.amount),
      currency: order.currency,
      status,
      referenceCode: order.referenceCode,
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      failureReason: order.failureReason,
      transactionId: order.ledgerTransactionId === null ? null : String(order.ledgerTransactionId),
      payment: paymentOf(order, channel, locale),
      payUrl: status === 'pending' ? payUrlOf(order, viewer) : null,
    };
  }

  async function ownOrder(member: Member, orderId: string) {
    const found = await deposits.findOrder(orderId);
    // Another member's order answers like an unknown one.
    if (
      !found ||
      found.order.memberId !== member.memberId ||
      found.order.merchantCode !== member.merchantCode
    ) {
      throw new DomainError('NOT_FOUND', { reason: 'ORDER_NOT_FOUND' });
    }
    return found;
  }

  /**
   * Credits an order whose row the caller locked (pending, or expired and paid late) and marks it paid, in
   * the caller's transaction: the one path of the gateway's callback and of an operator's confirmation
   * (docs/back-office.md, "Deposit channels and payments operations"). The ledger key `deposit:<orderId>`
   * makes a second credit of the order a replay.
   */
  async function creditLocked(
    order: DepositOrderRow,
    source: { gatewayTransactionId: string; memo: Record<string, unknown> },
    tx: DbOrTx,
  ): Promise<{ transactionId: number; replayed: boolean }> {
    const credit = await ledgerService.post(
      {
        merchantCode: order.merchantCode,
        memberId: order.memberId,
        idempotencyKey: depositCreditKey(order.id),
        kind: 'deposit',
        amount: order.amount,
        currency: order.currency,
        reference: depositCreditKey(order.id),
        memo: {
          channel: order.channelCode,
          gatewayTransactionId: source.gatewayTransactionId,
          ...source.memo,
        },
      },
      tx,
    );
    await deposits.markPaid(
      order.id,
      {
        now: clock(),
        gatewayTransactionId: source.gatewayTransactionId,
        ledgerTransactionId: credit.transactionId,
      },
      tx,
    );
    return { transactionId: credit.transactionId, replayed: credit.replayed };
  }

  type Settled = { outcome: DepositCallbackOutcome; result: GatewayCallbackResult };

  /** Settles a verified callback: the order row locked, the credit and the new status in one transaction. */
  async function settle(callback: GatewayCallback): Promise<Settled> {
    let creditedMember: string | undefined;
    const settled = await db.transaction(async (tx): Promise<Settled> => {
      const order = await deposits.lockOrder(callback.orderId, tx);
      if (!order) throw new DomainError('NOT_FOUND', { reason: 'ORDER_NOT_FOUND' });
      if (BigInt(callback.amount) !== order.amount || callback.currency !== order.currency) {
        throw new DomainError('INVALID_INPUT', { reason: 'AMOUNT_MISMATCH' });
      }
      const answer = (status: DepositOrderRow['status'], credited: boolean, duplicate: boolean) => ({
        orderId: order.id,
        status,
        credited,
        duplicate,
      });
      // Settled orders: the same outcome again is a redelivery; the other one is refused.
      if (order.status === 'paid' || order.status === 'failed') {
        if (order.status === callback.status)
          return { outcome: 'duplicate', result: answer(order.status, false, true) };
        throw new DomainError('DEPOSIT_ORDER_CLOSED', { status: order.status });
      }
      const now = clock();
      if (callback.status === 'failed') {
        await deposits.markFailed(
          order.id,
          {
            now,
            gatewayTransactionId: callback.gatewayTransactionId,
            reason: callback.failureReason ?? 'failed',
          },
          tx,
        );
        return { outcome: 'failed', result: answer('failed', false, false) };
      }
      // Pending, or expired but paid late: the money arrived, so it is credited.
      const credit = await creditLocked(
        order,
        { gatewayTransactionId: callback.gatewayTransactionId, memo: { eventId: callback.eventId } },
        tx,
      );
      if (!credit.replayed) creditedMember = order.memberId;
      return { outcome: 'credited', result: answer('paid', !credit.replayed, credit.replayed) };
    });
    if (creditedMember !== undefined) deps.balanceChanged?.(creditedMember);
    return settled;
  }

  return {
    creditLocked,

    /** Tells the member's live balance after the commit of a credit (platform/member-feed.ts). */
    credited(memberId: string): void {
      deps.balanceChanged?.(memberId);
    },

    async channels(member: Member, locale: Locale): Promise<DepositChannels> {
      requireRealMember(member);
      const rows = await deposits.enabledChannels(member.merchantCode);
      return {
        list: rows.map((row) => ({
          code: row.code,
          kind: row.kind,
          name: textIn(row.name as LocalizedText, locale),
          minAmount: moneyNumber(row.minAmount),
          maxAmount: moneyNumber(row.maxAmount),
          currency: row.currency,
          quickAmounts: row.quickAmounts.filter(
            (amount) => BigInt(amount) >= row.minAmount && BigInt(amount) <= row.maxAmount,
          ),
          expiresInMinutes: row.expiryMinutes,
        })),
      };
    },

    async createOrder(
      member: Member,
      request: CreateDepositOrderRequest,
      viewer: OrderViewer,
    ): Promise<DepositOrder> {
      requireRealMember(member);
      const channel = await deposits.findChannel(member.merchantCode, request.channelCode);
      if (!channel || !channel.enabled) throw new DomainError('NOT_FOUND', { reason: 'CHANNEL_NOT_FOUND' });
      const amount = BigInt(request.amount);
      if (amount < channel.minAmount || amount > channel.maxAmount) {
        throw new DomainError('DEPOSIT_AMOUNT_OUT_OF_RANGE', {
          minAmount: moneyNumber(channel.minAmount),
          maxAmount: moneyNumber(channel.maxAmount),
          currency: channel.currency,
        });
      }
      const now = clock();
      await deposits.expireDue(now, member.memberId);
      if ((await deposits.countPending(member.memberId)) >= MAX_PENDING_DEPOSIT_ORDERS) {
        throw new DomainError('TOO_MANY_REQUESTS', {
          reason: 'PENDING_ORDER_LIMIT',
          limit: MAX_PENDING_DEPOSIT_ORDERS,
        });
      }
      const created = await db.transaction(async (tx) => {
        await deps.checkDeposit?.(member.memberId, amount, channel.currency, tx);
        for (let tries = 0; tries < 5; tries += 1) {
          const inserted = await deposits.insertOrder(
            {
              merchantCode: member.merchantCode,
              memberId: member.memberId,
              channelCode: channel.code,
              amount,
              currency: channel.currency,
              status: 'pending',
              referenceCode: referenceCode(),
              createdAt: now,
              updatedAt: now,
              expiresAt: addMs(now, channel.expiryMinutes * MINUTE_MS),
            },
            tx,
          );
          if (inserted) return inserted;
        }
        throw new Error('Could not draw a free deposit reference code in 5 tries');
      });
      return viewOf(created, channel, viewer);
    },

    async order(member: Member, orderId: string, viewer: OrderViewer): Promise<DepositOrder> {
      requireRealMember(member);
      const { order, channel } = await ownOrder(member, orderId);
      return viewOf(order, channel, viewer);
    },

    async orders(
      member: Member,
      query: { pageNo: number; pageSize: number; status?: DepositOrderStatus | undefined },
      viewer: OrderViewer,
    ): Promise<DepositOrderPage> {
      requireRealMember(member);
      await deposits.expireDue(clock(), member.memberId);
      const { rows, total } = await deposits.memberOrders(member.memberId, query.status, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map(({ order, channel }) => viewOf(order, channel, viewer)),
        pageNum: query.pageNo,
        totalPages: Math.ceil(total / query.pageSize),
        total,
      };
    },

    /**
     * The gateway's callback: signature and time window, then the report settles the order once. Every
     * delivery is recorded (outcome, order, event, digest of the body, IP; never the signature).
     */
    async handleCallback(input: {
      rawBody: string;
      timestamp: string | undefined;
      signature: string | undefined;
      ip: string;
      merchantCode: string;
    }): Promise<CallbackOutcome> {
      const now = clock();
      let orderRef: string | null = null;
      let eventId: string | null = null;
      const refuse = (outcome: DepositCallbackOutcome, error: DomainError): CallbackOutcome => ({
        ok: false,
        outcome,
        error,
        orderRef,
        eventId,
      });
      let outcome: CallbackOutcome;
      const check = checkCallbackSignature({
        secret: callbackSecret,
        timestamp: input.timestamp,
        signature: input.signature,
        rawBody: input.rawBody,
        now,
      });
      if (!check.ok) {
        outcome =
          check.reason === 'STALE_TIMESTAMP'
            ? refuse(
                'stale_timestamp',
                new DomainError('CALLBACK_TIMESTAMP_EXPIRED', { reason: check.reason }),
              )
            : refuse(
                'bad_signature',
                new DomainError('CALLBACK_SIGNATURE_INVALID', { reason: check.reason }),
              );
      } else {
        let parsed: ReturnType<typeof gatewayCallback.safeParse> | undefined;
        try {
          parsed = gatewayCallback.safeParse(JSON.parse(input.rawBody));
        } catch {
          parsed = undefined;
        }
        if (!parsed?.success) {
          outcome = refuse('malformed', new DomainError('INVALID_INPUT', { reason: 'MALFORMED_CALLBACK' }));
        } else {
          const callback = parsed.data;
          orderRef = callback.orderId;
          eventId = callback.eventId;
          try {
            const settled = await settle(callback);
            outcome = { ok: true, ...settled, orderRef, eventId };
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            const kind: DepositCallbackOutcome =
              error.code === 'NOT_FOUND'
                ? 'unknown_order'
                : error.code === 'DEPOSIT_ORDER_CLOSED'
                  ? 'order_closed'
                  : 'mismatch';
            outcome = refuse(kind, error);
          }
        }
      }
      await deposits.recordCallback({
        merchantCode: input.merchantCode,
        orderRef: outcome.orderRef,
        eventId: outcome.eventId,
        outcome: outcome.outcome,
        bodyDigest: sha256Hex(input.rawBody),
        ip: input.ip,
        receivedAt: now,
      });
      return outcome;
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
