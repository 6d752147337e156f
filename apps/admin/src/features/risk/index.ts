export { MemberRiskCard } from './member-risk-card.tsx';
export { RiskScreen } from './risk-screen.tsx';
export { useMemberTags } from './use-member-tags.ts';
