import { describe, expect, it } from 'vitest';
import { renderedSearch } from './server-rendering.ts';

describe('renderedSearch (the query a page is rendered for)', () => {
  it('leaves lang out, wherever it stands, and keeps the rest as written', () => {
    expect(renderedSearch('?gameType=RNG&lang=en')).toBe('gameType=RNG');
    expect(renderedSearch('lang=vi&gameType=FISH&vassalage=BG%20X')).toBe('gameType=FISH&vassalage=BG%20X');
    expect(renderedSearch('?lang=en')).toBe('');
    expect(renderedSearch('')).toBe('');
  });

  it('keeps a parameter whose name only starts like lang, and drops empty parts', () => {
    expect(renderedSearch('?language=EN&&lang&type=hot')).toBe('language=EN&type=hot');
  });
});
