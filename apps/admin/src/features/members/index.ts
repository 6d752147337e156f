export { MemberDetailScreen } from './member-detail-screen.tsx';
export { MembersScreen } from './members-screen.tsx';
