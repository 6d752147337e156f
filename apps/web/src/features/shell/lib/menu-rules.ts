import { HELP_TAGS } from '@kl/contracts/content';
import { fullPath } from '@kl/contracts/routes';
import type { SystemStatus } from '@kl/contracts/status';
import type { Role } from '../../../shared/stores/session-store.ts';

/** Member types that are agents (product.md §3: types 0, 4 and 40 are not). */
const NOT_AGENT_TYPES: readonly number[] = [0, 4, 40];

/**
 * product.md §2 and §6: the invite item shows to visitors, and to logged-in members who are not agents
 * when the merchant runs the REFERRAL promotion.
 */
export function inviteShown({
  role,
  memberType,
  referralPromotion,
}: {
  role: Role;
  memberType: number | undefined;
  referralPromotion: boolean;
}): boolean {
  if (role === 'visitor') return true;
  const agent = memberType !== undefined && !NOT_AGENT_TYPES.includes(memberType);
  return referralPromotion && !agent;
}

/** The live chat item: the merchant has a live chat (a LIVECHAT link, or CBS3 on). */
export const liveChatShown = (status: SystemStatus | undefined) =>
  Boolean(
    status?.info.toggles.CBS3 || status?.info.customerService.some((link) => link.csType === 'LIVECHAT'),
  );

export const MENU_PATHS = {
  notice: fullPath('notice'),
  messageCentre: fullPath('message'),
  app: fullPath('app'),
  service: fullPath('service'),
  invite: fullPath('inviteFriends'),
  /** The agent centre: agents see their centre, others the application (docs/agents.md). */
  agent: fullPath('agent'),
  about: `${fullPath('help')}?tag=${HELP_TAGS.about}`,
  deposit: fullPath('voucherCenter'),
  withdraw: fullPath('withdraw'),
} as const;
