import { Icon } from '../../../shared/ui/icons.tsx';

export const EyeIcon = ({ crossed }: { crossed: boolean }) => (
  <Icon width="20" height="20">
    <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
    {crossed && <path d="M4 4l16 16" />}
  </Icon>
);

export const RefreshIcon = () => (
  <Icon width="20" height="20">
    <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
  </Icon>
);
