import { depositCalls, type DepositChannel, type DepositOrder } from '@kl/contracts/deposit';
import { walletCalls } from '@kl/contracts/wallet';
import { failure, onByDefault } from '../../../test/fake-api.ts';
import { walletOf } from '../../../test/fake-data.ts';

/**
 * Deposit data for component tests (contracts deposit.ts): the channels, the order the server makes of a
 * channel and an amount, and the answers of the deposit screen's calls from a `server` view the test
 * changes as it says what the server did.
 */
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

/** The order the server makes for `amount` on the channel `channelCode` (pending, to pay in time). */
export function orderOf(
  channelCode: string,
  amount: number,
  overrides: Partial<DepositOrder> = {},
): DepositOrder {
  const channel = FAKE_CHANNELS.find((item) => item.code === channelCode) ?? FAKE_CHANNELS[0]!;
  const referenceCode = 'KL000001';
  const orderId = '00000000-0000-4000-8000-000000000001';
  return {
    ...{ orderId, channelCode, channelKind: channel.kind },
    ...{ channelName: channel.name, amount, currency: 'VND', status: 'pending', referenceCode },
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + channel.expiresInMinutes * 60_000).toISOString(),
    ...{ paidAt: null, failureReason: null, transactionId: null },
    payUrl: `${FAKE_GATEWAY_URL}?orderId=${orderId}`,
    payment: paymentOf(channel, amount, referenceCode),
    ...overrides,
  };
}

export interface DepositServer {
  balance: number;
  /** Whether the payment gateway is connected: its orders then link to its page. */
  sandbox: boolean;
  orders: DepositOrder[];
}

/** Answers the wallet, the channels, a new order (made as `orderOf` makes it) and an order by id. */
export function answerDeposit(server: DepositServer) {
  onByDefault(walletCalls.wallet, () => walletOf(server.balance));
  onByDefault(depositCalls.depositChannels, () => ({ list: FAKE_CHANNELS }));
  onByDefault(depositCalls.createDepositOrder, ({ body }) => {
    const order = orderOf(body.channelCode, body.amount, server.sandbox ? {} : { payUrl: null });
    server.orders = [order];
    return order;
  });
  onByDefault(
    depositCalls.depositOrder,
    ({ query }) => server.orders.find((order) => order.orderId === query.orderId) ?? failure('NOT_FOUND'),
  );
}
