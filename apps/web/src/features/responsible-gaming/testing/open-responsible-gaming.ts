import { memberSessionCalls } from '@kl/contracts/member-session';
import type { RealityCheckInterval } from '@kl/contracts/responsible-gaming';
import { onByDefault } from '../../../test/fake-api.ts';
import { memberInfoOf } from '../../../test/fake-data.ts';
import { openAsMember } from '../../../test/member-session.ts';
import {
  answerResponsibleGaming,
  rgSettings,
  type RgLimits,
  type RgServer,
} from './fake-responsible-gaming.ts';

/**
 * Opens `path` (the responsible-gaming screen by default) in English as a member, with the settings' answer
 * and the member's info, whose reality check is the settings' as they stand.
 */
export async function openResponsibleGaming({
  path = '/m/member/responsibleGaming?lang=en',
  type = 0,
  limits,
  realityCheckMinutes,
}: { path?: string; type?: number; limits?: RgLimits; realityCheckMinutes?: RealityCheckInterval } = {}) {
  const server: RgServer = { settings: rgSettings(limits, realityCheckMinutes) };
  answerResponsibleGaming(server);
  onByDefault(memberSessionCalls.memberInfo, () =>
    memberInfoOf({ type, realityCheckMinutes: server.settings.realityCheckMinutes }),
  );
  const view = await openAsMember(path, { type });
  return { ...view, server };
}
