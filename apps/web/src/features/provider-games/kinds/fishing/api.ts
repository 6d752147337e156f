import { sandboxProviderCalls as calls } from '@kl/contracts/sandbox-provider';
import { providerCall } from '../../api/provider-call.ts';

/** One shot: the cannon's cost staked, the catch (if any) paid at once. */
export const shoot = (sessionId: string, cannonCost: number) =>
  providerCall(calls.sandboxProviderFishingShot, sessionId, { body: { cannonCost } });
