import { depositCalls, type DepositChannel, type DepositOrder } from '@kl/contracts/deposit';
import { walletCalls } from '@kl/contracts/wallet';
import { callsTo, failure, onByDefault } from '../../../test/fake-api.ts';
import { walletOf } from '../../../test/fake-data.ts';

/** Deposit data for component tests (contracts deposit.ts): the channels, an order, the screen's answers. */
export const FAKE_CHANNELS: DepositChannel[] = [
  {
    ...{ code: 'bank-transfer', kind: 'bank_transfer', name: 'Bank transfer', currency: 'VND' },
    ...{ minAmount: 50_000, maxAmount: 300_000_000, quickAmounts: [100_000, 200_000, 500_000] },
    expiresInMinutes: 30,
  },
  {
    ...{ code: 'vietqr', kind: 'vietqr', name: 'VietQR code', currency: 'VND', expiresInMinutes: 15 },
    ...{ minAmount: 20_000, maxAmount: 100_000_000, quickAmounts: [50_000, 100_000, 200_000] },
  },
  {
    ...{ code: 'momo', kind: 'ewallet', name: 'MoMo e-wallet', currency: 'VND', expiresInMinutes: 10 },
    ...{ minAmount: 10_000, maxAmount: 20_000_000, quickAmounts: [20_000, 50_000] },
  },
];

export const FAKE_QR_IMAGE = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

const accountName = 'KIM LONG';
const bank = { bankName: 'Vietcombank', bankBin: '970436', accountNumber: '19036688990011', accountName };

/** The order the server makes for `amount` on the channel `code`: pending, to pay at the gateway. */
export function orderOf(code: string, amount: number, overrides: Partial<DepositOrder> = {}): DepositOrder {
  const { kind, name, expiresInMinutes } = FAKE_CHANNELS.find((channel) => channel.code === code)!;
  const [orderId, due] = ['00000000-0000-4000-8000-000000000001', { referenceCode: 'KL000001', amount }];
  const payments: Record<DepositChannel['kind'], DepositOrder['payment']> = {
    bank_transfer: { kind: 'bank_transfer', bank, ...due },
    vietqr: { kind: 'vietqr', bank, ...due, qrPayload: '000201KL000001', qrImage: FAKE_QR_IMAGE },
    ewallet: { kind: 'ewallet', provider: 'MoMo', walletAccount: '0909123456', accountName, ...due },
  };
  return {
    ...{ orderId, channelCode: code, channelKind: kind, channelName: name, currency: 'VND', ...due },
    ...{ status: 'pending', paidAt: null, failureReason: null, transactionId: null, payment: payments[kind] },
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + expiresInMinutes * 60_000).toISOString(),
    payUrl: `https://pay.example.test/gateway/pay?orderId=${orderId}`,
    ...overrides,
  };
}

/**
 * The deposit screen's answers unless the test said otherwise: the wallet holds `balance`; a new order, and
 * the order read by id, are what `orderOf` makes of the last order asked for, with `order` overrides
 * (`{ payUrl: null }`: no payment gateway).
 */
export function answerDeposit(balance = 0, order: Partial<DepositOrder> = {}) {
  onByDefault(walletCalls.wallet, walletOf(balance));
  onByDefault(depositCalls.depositChannels, { list: FAKE_CHANNELS });
  const lastAsked = () => {
    const last = callsTo(depositCalls.createDepositOrder).at(-1);
    return last ? orderOf(last.body.channelCode, last.body.amount, order) : failure('NOT_FOUND');
  };
  onByDefault(depositCalls.createDepositOrder, lastAsked);
  onByDefault(depositCalls.depositOrder, lastAsked);
}
