import { memberInfo, type MemberInfo } from '@kl/contracts/accounts';

/** The contracts check of member info, in its own module: it carries zod, which the header loads late. */
export function parseMemberInfo(value: unknown): (MemberInfo & { hasPassword?: boolean }) | null {
  const parsed = memberInfo.safeParse(value);
  if (!parsed.success) return null;
  const hasPassword = (value as { hasPassword?: unknown }).hasPassword;
  return typeof hasPassword === 'boolean' ? { ...parsed.data, hasPassword } : parsed.data;
}
