import type { Locale } from '@kl/contracts/i18n';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkTexts } from './locale-split-plugin.ts';

// The chunks as the build makes them (tests otherwise load the whole file for every chunk).
const requested = vi.hoisted(() => [] as string[]);
vi.mock('./locale-chunks.ts', () => ({
  loadLocaleChunk: (language: Locale, chunk: string) => {
    requested.push(`${language}/${chunk}`);
    return Promise.resolve(chunkTexts(language, chunk));
  },
}));

/** i18n.ts and its i18next, fresh (the test setup has loaded them with the real chunk loader). */
async function freshModules() {
  vi.resetModules();
  requested.length = 0;
  const [i18nModule, { withTranslations }, { lazyWithPreload }, { useTranslation }] = await Promise.all([
    import('./i18n.ts'),
    import('./with-translations.ts'),
    import('./lazy-with-preload.ts'),
    import('react-i18next'),
  ]);
  return { ...i18nModule, withTranslations, lazyWithPreload, useTranslation };
}

/** A lazily loaded screen showing a text of the `lottery` part, wrapped with its texts. */
function lotteryScreen({
  withTranslations,
  lazyWithPreload,
  useTranslation,
}: Awaited<ReturnType<typeof freshModules>>) {
  function LotteryTitle() {
    const { t } = useTranslation();
    return <p>{t('lottery.launch.opening')}</p>;
  }
  return withTranslations(
    lazyWithPreload(() => Promise.resolve({ default: LotteryTitle })),
    ['lottery'],
  );
}

beforeEach(() => window.localStorage.clear());

describe('withTranslations', () => {
  it('loads the core first, a screen’s parts with the screen, and them again in a language switched to', async () => {
    const modules = await freshModules();
    const { i18n, initI18n, setLanguage, withTranslations, lazyWithPreload } = modules;
    const LotteryScreen = lotteryScreen(modules);
    const screenShowing = (part: 'slot' | 'vip', key: string) =>
      withTranslations(
        lazyWithPreload(() => Promise.resolve({ default: () => <p>{i18n.t(key as never)}</p> })),
        [part],
      );
    const SlotScreen = screenShowing('slot', 'slot.loginToPlay');
    const VipScreen = screenShowing('vip', 'vip.myLevel');

    // The screen being opened is preloaded while the language loads: its parts come with the core.
    const preloaded = SlotScreen.preload();
    await initI18n('vi');
    await preloaded;
    expect(requested).toEqual(['vi/core', 'vi/slot']);
    expect(i18n.exists('common.back')).toBe(true);
    expect(i18n.exists('slot.loginToPlay')).toBe(true);
    expect(i18n.exists('lottery.launch.opening')).toBe(false);

    // A screen rendered without preloading waits for its parts (Suspense), then shows its texts.
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <LotteryScreen />
        </Suspense>,
      );
    });
    expect(await screen.findByText('Đang mở xổ số…')).toBeInTheDocument();
    expect(requested).toEqual(['vi/core', 'vi/slot', 'vi/lottery']);

    // Switching language loads the core and every part loaded so far in the new language.
    await act(() => setLanguage('en'));
    expect(await screen.findByText('Opening the lottery…')).toBeInTheDocument();
    expect(requested).toEqual(['vi/core', 'vi/slot', 'vi/lottery', 'en/core', 'en/slot', 'en/lottery']);
    expect(i18n.t('common.back')).toBe('Back');
    expect(i18n.t('slot.loginToPlay')).toBe('Log in to play.');
    // Parts no screen asked for stay on the server.
    expect(i18n.exists('agentCentre.loadMore')).toBe(false);

    // A screen preloaded later fetches its parts in the current language only.
    await VipScreen.preload();
    expect(requested.slice(6)).toEqual(['en/vip']);
    expect(i18n.exists('vip.myLevel')).toBe(true);
  });

  it('renders at once with an instance that has the texts already, as the server’s has them all', async () => {
    const { withTranslations, lazyWithPreload, useTranslation } = await freshModules();
    const [{ createInstance }, { I18nextProvider }, { renderToString }, { default: en }] = await Promise.all([
      import('i18next'),
      import('react-i18next'),
      import('react-dom/server'),
      import('../../locales/en.json'),
    ]);
    function LotteryTitle() {
      const { t } = useTranslation();
      return <p>{t('lottery.launch.opening')}</p>;
    }
    const LotteryScreen = withTranslations(
      lazyWithPreload(() => Promise.resolve({ default: LotteryTitle })),
      ['lottery'],
    );
    await LotteryScreen.preload();
    const server = createInstance();
    await server.init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false });
    const html = renderToString(
      <I18nextProvider i18n={server}>
        <Suspense fallback={<p>waiting</p>}>
          <LotteryScreen />
        </Suspense>
      </I18nextProvider>,
    );
    expect(html).toContain('Opening the lottery…');
    // Nothing was asked for: the app's own i18next never started here.
    expect(requested).toEqual([]);
  });
});
