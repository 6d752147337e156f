import { STUDIO_MACHINES } from '@kl/contracts/slot-machines/index';
import { cleanup, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import vi from '../../locales/vi.json';
import { initI18n } from '../../shared/lib/i18n.ts';
import { SymbolFace } from './components/symbol-face.tsx';

/** The studio's machines: their theme and the codes of their symbols. */
const MACHINES = STUDIO_MACHINES.map((studio) => ({
  name: studio.name,
  theme: studio.theme,
  codes: Object.keys(studio.machine.symbols),
}));

const THEMED = ['WILD', 'SCATTER'];

/** What a symbol draws (the inside of its picture), rendered alone. */
function artOf(code: string, theme?: string) {
  const { container } = render(<SymbolFace code={code} theme={theme} decorative />);
  const art = container.querySelector('svg')?.innerHTML ?? '';
  cleanup();
  return art;
}

const themesWith = (code: string) =>
  MACHINES.filter((machine) => machine.codes.includes(code)).map((machine) => machine.theme);

describe.each([
  ['en', en],
  ['vi', vi],
] as const)('symbol names in %s', (language, catalogue) => {
  const themed: Record<string, Record<string, string>> = catalogue.slot.symbolIn;
  const nameIn = (theme: string, code: string): string | undefined =>
    themed[theme]?.[code] ?? (catalogue.slot.symbol as Record<string, string>)[code];

  beforeEach(async () => {
    await initI18n(language);
  });

  it.each(MACHINES)(
    'every symbol of $name ($theme) is a picture named in the language',
    ({ theme, codes }) => {
      for (const code of codes) {
        const name = nameIn(theme, code);
        expect(name, code).toBeTruthy();
        expect(name, code).not.toBe(code);
        render(<SymbolFace code={code} theme={theme} />);
        const picture = screen.getByRole('img', { name });
        expect(picture.tagName.toLowerCase(), code).toBe('svg');
        expect(picture.childElementCount, code).toBeGreaterThan(0);
        cleanup();
      }
    },
  );
});

describe('symbol art', () => {
  beforeEach(async () => {
    await initI18n('en');
  });

  it.each(MACHINES)('gives every symbol of $name ($theme) a picture of its own', ({ theme, codes }) => {
    const unknown = artOf('NO_SUCH_SYMBOL', theme);
    const arts = codes.map((code) => artOf(code, theme));
    for (const [index, art] of arts.entries()) expect(art, codes[index]).not.toBe(unknown);
    expect(new Set(arts).size).toBe(codes.length);
  });

  it('never draws two codes alike, whichever their machine', () => {
    const codes = [...new Set(MACHINES.flatMap((machine) => machine.codes))].filter(
      (code) => !THEMED.includes(code),
    );
    const arts = new Map<string, string>();
    for (const code of codes) {
      const art = artOf(code);
      expect(arts.get(art), `${code} looks like another code`).toBeUndefined();
      arts.set(art, code);
    }
  });

  it.each(THEMED)('draws %s in the look of each theme that has it', (code) => {
    const themes = themesWith(code);
    expect(themes.length).toBeGreaterThan(1);
    const arts = themes.map((theme) => artOf(code, theme));
    expect(new Set(arts).size).toBe(themes.length);
  });

  it('draws the Rồng Vàng look by default and for a theme it does not know', () => {
    const jade = artOf('WILD', 'jade');
    expect(artOf('WILD')).toBe(jade);
    expect(artOf('WILD', 'neon')).toBe(jade);
    expect(artOf('WILD', 'no-such-theme')).toBe(jade);
    expect(artOf('SEVEN', 'jade')).toBe(artOf('SEVEN', 'neon'));
  });

  it('hides the pictures scrolling past from assistive technology', () => {
    render(<SymbolFace code="CHERRY" theme="neon" decorative />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
