import type { SVGProps } from 'react';

/** Icons of the side menu's items, drawn inline; decorative (hidden from assistive technology). */
function Icon(props: SVGProps<SVGSVGElement>) {
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
    />
  );
}

export const MegaphoneIcon = () => (
  <Icon>
    <path d="M3 10v4h4l8 5V5L7 10z" />
    <path d="M7 14l1 5h3l-1-4M19 9a3 3 0 0 1 0 6" />
  </Icon>
);

export const DownloadIcon = () => (
  <Icon>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const ChatIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 10h8M8 13h5" />
  </Icon>
);

export const InfoIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </Icon>
);

export const FacebookIcon = () => (
  <Icon>
    <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v6h4v-6h3l1-4h-4V8z" />
  </Icon>
);

export const TelegramIcon = () => (
  <Icon>
    <path d="M21 4L3 11l6 2 2 6 3-4 5 4z" />
    <path d="M9 13l12-9" />
  </Icon>
);

export const DepositIcon = () => (
  <Icon width="20" height="20">
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 13v4M10 15l2 2 2-2" />
  </Icon>
);

export const WithdrawIcon = () => (
  <Icon width="20" height="20">
    <rect x="3" y="6" width="18" height="13" rx="2" />
    <path d="M3 10h18M12 17v-4M10 15l2-2 2 2" />
  </Icon>
);
