import { ICON_BACKGROUND, type IconFile } from './icons.ts';

/** The web app manifest (W3C "Web Application Manifest"), the fields this site sets. */
export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  background_color: string;
  theme_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}

/** The site's name as index.html's title gives it; the same in both languages. */
export const SITE_NAME = 'Kim Long';

/**
 * The manifest of the site under `base` (`/m/`): opened at home, in its own window without the
 * browser's bars (display standalone, which isInstalledWebApp() then reports), Vietnamese first.
 */
export function webAppManifest(base: string, icons: readonly IconFile[]): WebAppManifest {
  return {
    id: base,
    name: SITE_NAME,
    short_name: SITE_NAME,
    description: 'Trò chơi, cá cược thể thao và xổ số Kim Long trên điện thoại',
    lang: 'vi',
    dir: 'ltr',
    start_url: `${base}home`,
    scope: base,
    display: 'standalone',
    orientation: 'portrait',
    background_color: ICON_BACKGROUND,
    theme_color: ICON_BACKGROUND,
    categories: ['games', 'entertainment'],
    icons: icons.flatMap((icon) =>
      icon.purpose !== 'any' && icon.purpose !== 'maskable'
        ? []
        : [
            {
              src: `${base}${icon.path}`,
              sizes: `${icon.size}x${icon.size}`,
              type: 'image/png' as const,
              purpose: icon.purpose,
            },
          ],
    ),
  };
}
