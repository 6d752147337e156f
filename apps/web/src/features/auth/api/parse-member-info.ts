import { memberInfo, type MemberInfo } from '@kl/contracts/accounts';

/** The contracts check of member info, in its own module: it carries zod, which the header loads late. */
export function parseMemberInfo(value: unknown): MemberInfo | null {
  const parsed = memberInfo.safeParse(value);
  return parsed.success ? parsed.data : null;
}
