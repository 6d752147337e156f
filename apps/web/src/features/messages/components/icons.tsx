/** Pictures of the message centre's entries (decorative: each entry's text names it). */
const Icon = ({ d }: { d: string }) => (
  <svg
    className="kl-message-icon"
    width="24"
    height="24"
    viewBox="0 0 24 24"
    aria-hidden="true"
    focusable="false"
  >
    <path d={d} fill="currentColor" />
  </svg>
);

export const TelegramIcon = () => <Icon d="M3 11.5 21 4l-3 16-6-5-3 4v-6l9-7-11 6z" />;
export const AnnouncementIcon = () => (
  <Icon d="M4 9h3l8-5v16l-8-5H6l1 5H5l-1-5a2 2 0 0 1-2-2v-2a2 2 0 0 1 2-2zm13 0a3 3 0 0 1 0 6z" />
);
export const InboxIcon = () => <Icon d="M3 5h18v14H3zm2 2v.5l7 5 7-5V7l-7 5z" />;
export const LiveChatIcon = () => <Icon d="M4 5h16v11H9l-5 4z" />;
export const AffiliateIcon = () => (
  <Icon d="M8 4a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm8 0a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM2 18c0-3 3-6 6-6s6 3 6 6v2H2zm13.5-5.8A6 6 0 0 1 22 18v2h-6v-2c0-2-.2-4-.5-5.8z" />
);
export const ChevronIcon = () => <Icon d="m9 5 7 7-7 7-1.4-1.4L13.2 12 7.6 6.4z" />;
export const DeleteIcon = () => <Icon d="M9 3h6l1 2h4v2H4V5h4zm-3 6h12l-1 12H7z" />;
