/** Icons of the home widgets, drawn inline; decorative (hidden from assistive technology). */
import { ChevronIcon as SharedChevron, Icon } from '../../../shared/ui/icons.tsx';

export { DepositIcon, FacebookIcon, TelegramIcon, WithdrawIcon } from '../../../shared/ui/icons.tsx';

export const ChevronIcon = ({ direction }: { direction: 'left' | 'right' }) => (
  <SharedChevron direction={direction} width="18" height="18" />
);

export const PauseIcon = () => (
  <Icon width="18" height="18">
    <path d="M9 6v12M15 6v12" />
  </Icon>
);

export const PlayIcon = () => (
  <Icon width="18" height="18">
    <path d="M8 5l11 7-11 7z" />
  </Icon>
);

export const SpeakerIcon = () => (
  <Icon width="20" height="20">
    <path d="M4 10v4h3l5 4V6L7 10z" />
    <path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
  </Icon>
);

export const PhoneIcon = () => (
  <Icon>
    <rect x="7" y="2" width="10" height="20" rx="2" />
    <path d="M11 18h2" />
  </Icon>
);

export const CrownIcon = () => (
  <Icon>
    <path d="M3 7l4 4 5-6 5 6 4-4-2 11H5z" />
  </Icon>
);

export const HeadsetIcon = () => (
  <Icon>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1" />
    <rect x="17" y="14" width="4" height="6" rx="1" />
  </Icon>
);

export const GiftIcon = () => (
  <Icon width="26" height="26">
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12" />
    <path d="M12 8c-1.5-3-5-3.5-5-1s3.5 1 5 1c1.5 0 5 1.5 5-1s-3.5-2-5 1z" />
  </Icon>
);
