import type { DepositOrder } from '@kl/contracts/deposit';
import { createSystemStatus } from '../../../test/factories.ts';
import { openAsMember } from '../../../test/member-session.ts';
import { answerDeposit } from './fake-deposit.ts';

/**
 * Opens /m/voucherCenter in English as a member of `type` with the deposit answers (the wallet holding
 * `balance`, the orders made with `order` overrides), in the base template (status mobileTemplate.dep_func
 * 0) or the new one (`template: 'new'`).
 */
export async function openDeposit({
  type = 0,
  path = '/m/voucherCenter?lang=en',
  template = 'base',
  balance = 0,
  order = {},
}: {
  type?: number;
  path?: string;
  template?: 'base' | 'new';
  balance?: number;
  order?: Partial<DepositOrder>;
} = {}) {
  answerDeposit(balance, order);
  return openAsMember(path, {
    type,
    status: createSystemStatus({
      info: { mobileTemplate: { mem_cen: 1, dep_func: template === 'new' ? 1 : 0 } },
    }),
  });
}
