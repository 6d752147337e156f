/** Icons of the side menu's items, drawn inline; decorative (hidden from assistive technology). */
import {
  DepositIcon as SharedDeposit,
  Icon,
  WithdrawIcon as SharedWithdraw,
} from '../../../shared/ui/icons.tsx';

export { DownloadIcon, FacebookIcon, TelegramIcon } from '../../../shared/ui/icons.tsx';

export const DepositIcon = () => <SharedDeposit width="20" height="20" />;
export const WithdrawIcon = () => <SharedWithdraw width="20" height="20" />;

export const MegaphoneIcon = () => (
  <Icon>
    <path d="M3 10v4h4l8 5V5L7 10z" />
    <path d="M7 14l1 5h3l-1-4M19 9a3 3 0 0 1 0 6" />
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
