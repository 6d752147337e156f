/** Icons of the download screens, drawn inline; decorative (hidden from assistive technology). */
import { Icon } from '../../../shared/ui/icons.tsx';

export { DownloadIcon } from '../../../shared/ui/icons.tsx';

export const AppleIcon = () => (
  <Icon>
    <path d="M16 3c-1.5.2-3 1.3-3.3 3 1.5.1 3-1 3.3-3z" />
    <path d="M12 8c-1 0-2-.8-3.3-.8C6.5 7.2 5 9 5 12c0 3.5 2.2 8 4 8 1 0 1.7-.6 3-.6s2 .6 3 .6c1.4 0 2.8-2.4 3.5-4.3-1.6-.7-2.5-2-2.5-3.7 0-1.5.8-2.7 2-3.4-.8-1.2-2.1-1.6-3.2-1.6C13.6 7 13 8 12 8z" />
  </Icon>
);

export const AndroidIcon = () => (
  <Icon>
    <rect x="5" y="9" width="14" height="10" rx="2" />
    <path d="M8 9a4 4 0 0 1 8 0M8 5l1.5 2M16 5l-1.5 2M9 19v2M15 19v2" />
  </Icon>
);

/** Safari's share button: a box with an arrow up. */
export const ShareIcon = () => (
  <Icon>
    <path d="M12 3v12M8 7l4-4 4 4" />
    <path d="M6 11H5v10h14V11h-1" />
  </Icon>
);

export const AddBoxIcon = () => (
  <Icon>
    <rect x="4" y="4" width="16" height="16" rx="3" />
    <path d="M12 8v8M8 12h8" />
  </Icon>
);
