import type { DepositChannel, DepositOrder, DepositOrderStatus } from '@kl/contracts/deposit';
import type { WalletBalance } from '@kl/contracts/wallet';
import { fail, ok, requestBody } from '../../../test/envelope-answers.ts';

/**
 * The wallet and deposit side of the API for component tests, keeping the contracts of wallet.ts and
 * deposit.ts: GET /api/wallet, GET /api/deposit/channels, POST /api/deposit/orders (min/max checked as
 * the server does) and GET /api/deposit/order; `payAtGateway` is the gateway's callback (credits once).
 * A viewer who is not a real member is refused with FEATURE_NOT_ENABLED actual_account_required.
 */
export interface FakeDepositOptions {
  /** 'refused' answers every deposit call FEATURE_NOT_ENABLED { reason: actual_account_required }. */
  viewer?: 'member' | 'trial' | 'refused';
  balance?: number;
  sandbox?: boolean;
  /** An open order turns paid (as if paid at the bank) when it has been asked for this many times. */
  paidAfterPolls?: number;
  /** A daily deposit limit the member set: an order over what is left is refused DEPOSIT_LIMIT_EXCEEDED. */
  dailyLimit?: number;
  /** Orders are made already past their time to pay (the next read finds them expired). */
  expired?: boolean;
  /** While set, GET /api/wallet waits for this promise before answering. */
  walletGate?: () => Promise<void> | undefined;
}

export interface FakeDeposit {
  handle: (url: URL, init?: RequestInit) => Promise<Response | undefined>;
  /** What the payment gateway's callback does once the member paid at its page: the order paid. */
  payAtGateway: (orderId: string) => void;
  state: {
    balance: number;
    orders: DepositOrder[];
    walletCalls: number;
    orderPolls: number;
    created: { channelCode: string; amount: number }[];
  };
}

const bank = (bankName: string, bankBin: string, accountNumber: string) => ({
  bankName,
  bankBin,
  accountNumber,
  accountName: 'CONG TY TNHH KIM LONG',
});

/** The payment page the fake's orders link to (`sandbox` on). */
export const FAKE_GATEWAY_URL = 'https://pay.example.test/gateway/pay';

export const FAKE_CHANNELS: DepositChannel[] = [
  {
    code: 'bank-transfer',
    kind: 'bank_transfer',
    name: 'Bank transfer',
    minAmount: 50_000,
    maxAmount: 300_000_000,
    currency: 'VND',
    quickAmounts: [100_000, 200_000, 500_000],
    expiresInMinutes: 30,
  },
  {
    code: 'vietqr',
    kind: 'vietqr',
    name: 'VietQR code',
    minAmount: 20_000,
    maxAmount: 100_000_000,
    currency: 'VND',
    quickAmounts: [50_000, 100_000, 200_000],
    expiresInMinutes: 15,
  },
  {
    code: 'momo',
    kind: 'ewallet',
    name: 'MoMo e-wallet',
    minAmount: 10_000,
    maxAmount: 20_000_000,
    currency: 'VND',
    quickAmounts: [20_000, 50_000],
    expiresInMinutes: 10,
  },
];

export const FAKE_QR_IMAGE = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

function paymentOf(channel: DepositChannel, amount: number, referenceCode: string): DepositOrder['payment'] {
  if (channel.kind === 'ewallet') {
    return {
      kind: 'ewallet',
      provider: 'MoMo',
      walletAccount: '0909123456',
      accountName: 'KIM LONG',
      referenceCode,
      amount,
    };
  }
  if (channel.kind === 'vietqr') {
    return {
      kind: 'vietqr',
      bank: bank('Techcombank', '970407', '19036688990011'),
      referenceCode,
      amount,
      qrPayload: `000201${referenceCode}`,
      qrImage: FAKE_QR_IMAGE,
    };
  }
  return { kind: 'bank_transfer', bank: bank('Vietcombank', '970436', '1029384756'), referenceCode, amount };
}

export function createFakeDeposit(options: FakeDepositOptions = {}): FakeDeposit {
  const viewer = options.viewer ?? 'member';
  const sandbox = options.sandbox ?? true;
  const state: FakeDeposit['state'] = {
    balance: options.balance ?? (viewer === 'trial' ? 2_000_000 : 0),
    orders: [],
    walletCalls: 0,
    orderPolls: 0,
    created: [],
  };

  const settle = (order: DepositOrder, status: DepositOrderStatus) => {
    if (order.status !== 'pending') return order;
    const next: DepositOrder = {
      ...order,
      status,
      payUrl: null,
      paidAt: status === 'paid' ? new Date().toISOString() : null,
      transactionId: status === 'paid' ? String(state.orders.length + 100) : null,
    };
    if (status === 'paid') state.balance += order.amount;
    state.orders = state.orders.map((item) => (item.orderId === order.orderId ? next : item));
    return next;
  };

  const handle = async (url: URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = requestBody(init);
    if (url.pathname === '/api/wallet') {
      state.walletCalls += 1;
      await options.walletGate?.();
      const wallet: WalletBalance = {
        sumBalance: state.balance,
        available: state.balance,
        held: 0,
        currency: 'VND',
        decimals: 0,
        demo: viewer === 'trial',
      };
      return ok(wallet);
    }
    if (!url.pathname.startsWith('/api/deposit/')) return undefined;
    if (viewer !== 'member') return fail('FEATURE_NOT_ENABLED', 403, { reason: 'actual_account_required' });

    if (url.pathname === '/api/deposit/channels' && method === 'GET') {
      return ok({ list: FAKE_CHANNELS });
    }
    if (url.pathname === '/api/deposit/orders' && method === 'POST') {
      const channel = FAKE_CHANNELS.find((item) => item.code === body.channelCode);
      const amount = Number(body.amount);
      if (!channel || amount < channel.minAmount || amount > channel.maxAmount) {
        return fail('INVALID_INPUT', 400);
      }
      if (options.dailyLimit !== undefined) {
        const used = state.orders
          .filter((item) => item.status === 'pending' || item.status === 'paid')
          .reduce((sum, item) => sum + item.amount, 0);
        if (used + amount > options.dailyLimit) {
          const limit = options.dailyLimit;
          const remaining = Math.max(0, limit - used);
          return fail('DEPOSIT_LIMIT_EXCEEDED', 409, {
            period: 'daily',
            limit,
            used,
            remaining,
            currency: 'VND',
          });
        }
      }
      state.created.push({ channelCode: channel.code, amount });
      const referenceCode = `KL${String(state.orders.length + 1).padStart(6, '0')}`;
      const orderId = `00000000-0000-4000-8000-${String(state.orders.length + 1).padStart(12, '0')}`;
      const order: DepositOrder = {
        orderId,
        channelCode: channel.code,
        channelKind: channel.kind,
        channelName: channel.name,
        amount,
        currency: 'VND',
        status: 'pending',
        referenceCode,
        createdAt: new Date().toISOString(),
        expiresAt: new Date(
          Date.now() + (options.expired ? 1_500 : channel.expiresInMinutes * 60_000),
        ).toISOString(),
        paidAt: null,
        failureReason: null,
        transactionId: null,
        payment: paymentOf(channel, amount, referenceCode),
        payUrl: sandbox ? `${FAKE_GATEWAY_URL}?orderId=${orderId}` : null,
      };
      state.orders.push(order);
      return ok(order);
    }
    if (url.pathname === '/api/deposit/order' && method === 'GET') {
      const order = state.orders.find((item) => item.orderId === url.searchParams.get('orderId'));
      if (!order) return fail('NOT_FOUND', 404);
      state.orderPolls += 1;
      if (order.status === 'pending' && Date.parse(order.expiresAt) <= Date.now()) {
        return ok(settle(order, 'expired'));
      }
      if (options.paidAfterPolls !== undefined && state.orderPolls >= options.paidAfterPolls) {
        return ok(settle(order, 'paid'));
      }
      return ok(order);
    }
    return undefined;
  };

  const payAtGateway = (orderId: string) => {
    const order = state.orders.find((item) => item.orderId === orderId);
    if (order) settle(order, 'paid');
  };

  return { handle, payAtGateway, state };
}
