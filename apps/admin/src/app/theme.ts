import type { ThemeConfig } from 'antd';

/**
 * antd's default palette, darkened where its text would not reach a 4.5:1 contrast (WCAG AA, which the
 * end-to-end tests check with axe): the primary blue (white on #1677ff is 4.1:1), the status colours
 * and the secondary text (statistic titles, empty lists, form hints, placeholders).
 */
const ADMIN_THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // Hovered and pressed buttons get darker, not lighter, so that their text stays readable.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLinkHover: '#003eb3',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorInfo: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#874d00',
    // The light backgrounds of tags and alerts stay antd's (derived from the darker seeds they would
    // turn grey).
    colorInfoBg: '#e6f4ff',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffccc7',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders of inputs and selects ("All", "Start date") are text too.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.62)',
  },
};

/** The theme, without animations for an operator who asked their system for reduced motion. */
export function adminTheme(reducedMotion: boolean): ThemeConfig {
  return reducedMotion ? { ...ADMIN_THEME, token: { ...ADMIN_THEME.token, motion: false } } : ADMIN_THEME;
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
