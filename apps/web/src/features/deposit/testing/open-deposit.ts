import { createSystemStatus } from '../../../test/factories.ts';
import { openAsMember } from '../../../test/member-session.ts';
import { answerDeposit, type DepositServer } from './fake-deposit.ts';

/**
 * Opens /m/voucherCenter in English as a member of `type` with the deposit answers of a `server` view (no
 * order yet), in the base template (status mobileTemplate.dep_func 0) or the new one (`template: 'new'`).
 */
export async function openDeposit({
  type = 0,
  path = '/m/voucherCenter?lang=en',
  template = 'base',
  balance = 0,
  sandbox = true,
}: { type?: number; path?: string; template?: 'base' | 'new'; balance?: number; sandbox?: boolean } = {}) {
  const server: DepositServer = { balance, sandbox, orders: [] };
  answerDeposit(server);
  const view = await openAsMember(path, {
    type,
    status: createSystemStatus({
      info: { mobileTemplate: { mem_cen: 1, dep_func: template === 'new' ? 1 : 0 } },
    }),
  });
  return { ...view, server };
}
