export type { MemberRow, NewMemberRow } from '../../db/schema/index.ts';
export { memberPayeeName, memberUsername, membersByUsernamePrefix, realMemberIds } from './columns.ts';
export {
  createMemberRepository,
  type MemberRepository,
  type MemberSearchField,
  type OperatorMemberFilter,
} from './repository.ts';
export {
  type ContactsService,
  createContactsService,
  createEmailTokenRepository,
  EMAIL_LINK_INTERVAL_MS,
  EMAIL_LINKS_PER_DAY,
} from './contacts-service.ts';
export { memberRoutes } from './routes.ts';
export { createMemberService, type MemberService } from './service.ts';
