import type { ServiceLinks } from '@kl/contracts/content';

type CsType = ServiceLinks['customerService'][number]['csType'];

const paths: Record<CsType, string> = {
  // A speech bubble.
  LIVECHAT: 'M4 5h16v11H9l-5 4z',
  // A paper plane.
  TELEGRAM: 'M3 11.5 21 4l-3 16-6-5-3 4v-6l9-7-11 6z',
  // A lower-case f.
  FACEBOOK: 'M14 4h3v3h-2.5c-.5 0-.5.3-.5.7V10h3l-.5 3H14v8h-3v-8H9v-3h2V7.5C11 5.2 12.2 4 14 4z',
  // A play button.
  YOUTUBE: 'M3 7.5C3 6 4 5 5.5 5h13C20 5 21 6 21 7.5v9c0 1.5-1 2.5-2.5 2.5h-13C4 19 3 18 3 16.5zM10 9v6l5-3z',
  // A headset.
  CS: 'M12 3a8 8 0 0 0-8 8v6h4v-6H6a6 6 0 0 1 12 0h-2v6h3v1h-5v2h7v-9a8 8 0 0 0-8-8z',
  // A telephone handset.
  whatsapp:
    'M7 3h3l1.5 4.5-2 1.5a11 11 0 0 0 5.5 5.5l1.5-2L21 14v3c0 1.1-.9 2-2 2A16 16 0 0 1 5 5c0-1.1.9-2 2-2z',
};

/** The picture of a customer-service link (decorative: the link's text names it). */
export function ServiceIcon({ csType }: { csType: CsType }) {
  return (
    <svg
      className="kl-service-icon"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[csType]} fill="currentColor" />
    </svg>
  );
}
