import { createSystemStatus } from '../../../test/factories.ts';
import { openAsMember } from '../../../test/member-session.ts';
import { createFakeDeposit, type FakeDepositOptions } from './fake-deposit.ts';

/**
 * Opens /m/voucherCenter in English with the fake wallet and deposit server, as a member of `type`, in the
 * base template (status mobileTemplate.dep_func 0) or the new one (`template: 'new'`, dep_func 1).
 */
export async function openDeposit({
  type = 0,
  path = '/m/voucherCenter?lang=en',
  storage = {},
  template = 'base',
  ...options
}: FakeDepositOptions & {
  type?: number;
  path?: string;
  storage?: Record<string, string>;
  template?: 'base' | 'new';
} = {}) {
  const deposit = createFakeDeposit({ viewer: type === 4 ? 'trial' : 'member', ...options });
  const view = await openAsMember(path, {
    type,
    handle: deposit.handle,
    storage,
    status: createSystemStatus({
      info: { mobileTemplate: { mem_cen: 1, dep_func: template === 'new' ? 1 : 0 } },
    }),
  });
  return { ...view, deposit };
}
