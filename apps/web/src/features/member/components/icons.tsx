/** Icons of the member centre, drawn inline; decorative (hidden from assistive technology). */
import type { ReactElement } from 'react';
import {
  AgentIcon,
  ChevronIcon,
  DepositIcon,
  GiftIcon,
  Icon,
  InviteIcon,
  MessagesIcon,
  WithdrawIcon,
} from '../../../shared/ui/icons.tsx';
import type { MemberItemKey } from '../lib/member-items.ts';

const HistoryIcon = () => (
  <Icon>
    <path d="M4 5h16v14H4z" />
    <path d="M8 9h8M8 13h8M8 17h5" />
  </Icon>
);

const RecordsIcon = () => (
  <Icon>
    <rect x="3" y="7" width="18" height="11" rx="3" />
    <path d="M8 11v3M6.5 12.5h3M15 12h.01M17.5 14h.01" />
  </Icon>
);

const ShieldIcon = () => (
  <Icon>
    <path d="M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6z" />
  </Icon>
);

const IdCardIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="9" cy="11" r="2" />
    <path d="M6 16c.5-1.5 1.6-2 3-2s2.5.5 3 2M15 10h3M15 14h3" />
  </Icon>
);

const HeartIcon = () => (
  <Icon>
    <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" />
  </Icon>
);

const PersonIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </Icon>
);

const MailIcon = () => (
  <Icon>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Icon>
);

const ChatIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-5 4z" />
  </Icon>
);

const ContractIcon = () => (
  <Icon>
    <path d="M6 3h9l4 4v14H6z" />
    <path d="M14 3v5h5M9 12h7M9 16h5" />
  </Icon>
);

export const SignOutIcon = () => (
  <Icon>
    <path d="M10 4H5v16h5M15 8l4 4-4 4M19 12H9" />
  </Icon>
);

export const NextIcon = () => <ChevronIcon direction="right" width="16" height="16" />;

export const ITEM_ICONS: Record<MemberItemKey, () => ReactElement> = {
  deposit: () => <DepositIcon />,
  withdraw: () => <WithdrawIcon />,
  history: HistoryIcon,
  gameRecords: RecordsIcon,
  profile: PersonIcon,
  security: ShieldIcon,
  kyc: IdCardIcon,
  responsibleGaming: HeartIcon,
  vip: () => <GiftIcon />,
  invite: () => <InviteIcon />,
  messageCentre: () => <MessagesIcon />,
  inbox: MailIcon,
  feedback: ChatIcon,
  agentCentre: () => <AgentIcon />,
  salaryContract: ContractIcon,
  dividendContract: ContractIcon,
  hourlyContract: ContractIcon,
  becomeAgent: () => <AgentIcon />,
};
