import { openAsMember } from '../../../test/member-session.ts';
import { createFakeWithdrawal, type FakeWithdrawalOptions } from './fake-withdrawal.ts';

/** Opens `path` (default /m/withdraw) in English with the fake withdrawal server, as a member of `type`. */
export async function openWithdraw({
  type = 0,
  path = '/m/withdraw?lang=en',
  ...options
}: FakeWithdrawalOptions & { type?: number; path?: string } = {}) {
  const withdrawal = createFakeWithdrawal(options);
  const view = await openAsMember(path, { type, handle: withdrawal.handle });
  return { ...view, withdrawal };
}
