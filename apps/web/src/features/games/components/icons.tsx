/** Icons of the game screens, drawn inline. Decorative: hidden from assistive technology. */
const common = {
  viewBox: '0 0 24 24',
  width: 20,
  height: 20,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg {...common} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.5 1.2 4.4 2.6.9-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z" />
  </svg>
);

export const GridIcon = () => (
  <svg {...common}>
    <rect x="3" y="3" width="7" height="7" />
    <rect x="14" y="3" width="7" height="7" />
    <rect x="3" y="14" width="7" height="7" />
    <rect x="14" y="14" width="7" height="7" />
  </svg>
);

export const ColumnIcon = () => (
  <svg {...common}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);

export const FilterIcon = () => (
  <svg {...common}>
    <path d="M3 5h18l-7 8v6l-4-2v-4z" />
  </svg>
);

export { ChevronIcon } from '../../../shared/ui/icons.tsx';
