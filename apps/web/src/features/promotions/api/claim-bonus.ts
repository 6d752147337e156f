import { claimBonusResult } from '@kl/contracts/promotions';
import { apiCall } from '../../../shared/lib/api-client.ts';
import { parseAnswer } from './parse.ts';

/** POST claim `{ claimId }` → the claim (claimed) and whether this call credited the bonus. */
export async function claimBonus(claimId: number) {
  const value = await apiCall('claimBonus', { body: { claimId } });
  return parseAnswer(claimBonusResult, value, 'claim');
}
