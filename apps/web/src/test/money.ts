import { formatMoney } from '@kl/contracts/money';

/** An amount in đồng as the English screens write it. */
export const vnd = (amount: number) => formatMoney(amount, 'VND', 'en');
