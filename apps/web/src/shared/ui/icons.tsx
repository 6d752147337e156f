import type { SVGProps } from 'react';

/** Small line icons drawn inline (no icon font, no image request). Decorative: hidden from AT. */
export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const BackIcon = () => (
  <Icon>
    <path d="M15 18l-6-6 6-6" />
  </Icon>
);

export const MenuIcon = () => (
  <Icon>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Icon>
);

export const CloseIcon = () => (
  <Icon>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const HomeIcon = () => (
  <Icon>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </Icon>
);

export const GiftIcon = () => (
  <Icon>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12" />
    <path d="M12 8c-1.5-3-5-3.5-5-1s3.5 1 5 1c1.5 0 5 1.5 5-1s-3.5-2-5 1z" />
  </Icon>
);

export const InviteIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6" />
  </Icon>
);

export const AgentIcon = () => (
  <Icon>
    <rect x="3" y="7" width="18" height="13" rx="2" />
    <path d="M9 7V5a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v2M3 13h18" />
  </Icon>
);

/** The message centre: a tray of messages. */
export const MessagesIcon = () => (
  <Icon>
    <path d="M3 13l3-8h12l3 8v6H3z" />
    <path d="M3 13h5l1 2h6l1-2h5" />
  </Icon>
);

export const MemberIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.5 3.5-7 8-7s8 2.5 8 7" />
  </Icon>
);

/** The picture of the empty state: an open, empty box. */
export const EmptyImage = () => (
  <Icon viewBox="0 0 64 64" width="96" height="96" strokeWidth="2.5" className="kl-empty__image">
    <path d="M8 26l24-12 24 12-24 12z" />
    <path d="M8 26v20l24 12 24-12V26M32 38v20" />
    <path d="M8 26l-4 8 24 12 4-8M56 26l4 8-24 12-4-8" />
  </Icon>
);

export const ChevronIcon = ({ direction, ...props }: IconProps & { direction: 'left' | 'right' }) => (
  <Icon {...props}>
    <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
  </Icon>
);

export const DownloadIcon = (props?: IconProps) => (
  <Icon {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const TelegramIcon = (props?: IconProps) => (
  <Icon {...props}>
    <path d="M21 4L3 11l6 2 2 6 3-4 5 4z" />
    <path d="M9 13l12-9" />
  </Icon>
);

export const FacebookIcon = (props?: IconProps) => (
  <Icon {...props}>
    <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z" />
  </Icon>
);

export const DepositIcon = (props?: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 13v4M10 15l2 2 2-2" />
  </Icon>
);

export const WithdrawIcon = (props?: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 17v-4M10 15l2-2 2 2" />
  </Icon>
);
