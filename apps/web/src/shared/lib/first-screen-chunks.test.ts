import { describe, expect, it } from 'vitest';
import { firstScreenGroups, staticClosure } from './first-screen-chunks.ts';

/** A module graph as the bundler describes it: each module's static and dynamic imports. */
function graphOf(modules: Record<string, { imports?: string[]; dynamic?: string[]; size?: number }>) {
  return {
    getModuleInfo(id: string) {
      const module = modules[id];
      if (!module) return null;
      const dynamic = module.dynamic ?? [];
      // The bundler lists dynamic imports among the imports too.
      return {
        importedIds: [...(module.imports ?? []), ...dynamic],
        dynamicallyImportedIds: dynamic,
        code: 'x'.repeat(module.size ?? 200),
      };
    },
  };
}

const graph = graphOf({
  '/w/src/main.tsx': { imports: ['/w/src/shared/names.ts'], dynamic: ['/w/src/app/start.tsx'] },
  '/w/src/shared/names.ts': {},
  '/w/src/app/start.tsx': {
    imports: ['/w/src/app/app.tsx', '/w/node_modules/react/index.js', '/w/src/shared/names.ts'],
    dynamic: ['/w/src/home/home-screen.tsx', '/w/src/wallet/wallet-screen.tsx'],
  },
  '/w/src/app/app.tsx': { imports: ['/w/src/shared/api.ts'] },
  '/w/src/shared/api.ts': {},
  '/w/node_modules/react/index.js': {},
  '/w/src/home/home-screen.tsx': {
    imports: ['/w/src/home/banners.tsx', '/w/src/shared/api.ts', '/w/node_modules/antd/index.js'],
    dynamic: ['/w/src/home/promo-dialog.tsx'],
  },
  '/w/src/home/banners.tsx': { imports: ['/w/src/shared/money.ts', '/w/src/home/slides.ts'] },
  '/w/src/home/slides.ts': {},
  '/w/src/shared/money.ts': {},
  '/w/src/home/promo-dialog.tsx': {},
  '/w/node_modules/antd/index.js': {},
  '/w/src/wallet/wallet-screen.tsx': { imports: ['/w/src/shared/money.ts'] },
});

describe('staticClosure', () => {
  it('follows static imports all the way down, and no dynamic one', () => {
    expect([...staticClosure(graph, ['/w/src/app/start.tsx'])].sort()).toEqual([
      '/w/node_modules/react/index.js',
      '/w/src/app/app.tsx',
      '/w/src/app/start.tsx',
      '/w/src/shared/api.ts',
      '/w/src/shared/names.ts',
    ]);
  });

  it('skips a module the graph does not know', () => {
    expect([...staticClosure(graph, ['/w/src/nowhere.ts'])]).toEqual([]);
  });
});

describe('firstScreenGroups', () => {
  const nameOf = firstScreenGroups({
    entry: '/w/src/main.tsx',
    app: '/w/src/app/start.tsx',
    screen: ['/w/src/home/home-screen.tsx'],
    excluded: (id) => id.includes('/node_modules/'),
    everywhere: (id) => id.includes('/node_modules/react/'),
  });

  it("puts the app's modules in one group and the rest of the first screen's in another", () => {
    expect(nameOf('/w/src/app/app.tsx', graph)).toBe('app');
    expect(nameOf('/w/src/shared/api.ts', graph)).toBe('app');
    expect(nameOf('/w/src/home/banners.tsx', graph)).toBe('first-screen');
    expect(nameOf('/w/src/home/slides.ts', graph)).toBe('first-screen');
  });

  it("leaves in the entry's chunk what the entry imports itself", () => {
    // In the app's group, it would make the page's head preload the app ahead of the first banner.
    expect(nameOf('/w/src/shared/names.ts', graph)).toBeNull();
  });

  it('puts with the app a small module another screen imports too', () => {
    // In the first screen's group, the wallet screen would fetch the whole group for it.
    expect(nameOf('/w/src/shared/money.ts', graph)).toBe('app');
  });

  it('puts in a group of its own the larger modules other screens import too, and what needs them', () => {
    const screens = graphOf({
      '/w/src/main.tsx': { dynamic: ['/w/src/app/start.tsx'] },
      '/w/src/app/start.tsx': { dynamic: ['/w/src/home/home-screen.tsx', '/w/src/games/list-screen.tsx'] },
      '/w/src/home/home-screen.tsx': { imports: ['/w/src/games/card.tsx', '/w/src/games/keys.ts'] },
      '/w/src/games/list-screen.tsx': { imports: ['/w/src/games/card.tsx', '/w/src/games/keys.ts'] },
      '/w/src/games/card.tsx': { imports: ['/w/src/games/contract.ts'], size: 1_000 },
      '/w/src/games/contract.ts': { size: 17_000 },
      '/w/src/games/keys.ts': { size: 400 },
    });
    // Every screen gets the small key with the app; only the screens that show games fetch the rest.
    expect(nameOf('/w/src/games/keys.ts', screens)).toBe('app');
    expect(nameOf('/w/src/games/contract.ts', screens)).toBe('shared');
    // Small, but the app's group would bring the larger module onto every screen with it.
    expect(nameOf('/w/src/games/card.tsx', screens)).toBe('shared');
  });

  it('leaves to the automatic splitting a shared module with a stylesheet, a library or such a module below it', () => {
    const screens = graphOf({
      '/w/src/main.tsx': { dynamic: ['/w/src/app/start.tsx'] },
      '/w/src/app/start.tsx': {
        imports: ['/w/src/app/app.tsx'],
        dynamic: ['/w/src/home/home-screen.tsx', '/w/src/wallet/wallet-screen.tsx'],
      },
      '/w/src/app/app.tsx': { imports: ['/w/node_modules/react/index.js'] },
      '/w/node_modules/react/index.js': {},
      '/w/src/home/home-screen.tsx': { imports: ['/w/src/shared/list.tsx'] },
      '/w/src/wallet/wallet-screen.tsx': { imports: ['/w/src/shared/list.tsx'] },
      // Shared by both screens: a list with a stylesheet, an icon that uses a library, and what
      // imports them; a formatter that needs only React and the app.
      '/w/src/shared/list.tsx': {
        imports: [
          '/w/src/shared/list.css',
          '/w/src/shared/row.tsx',
          '/w/src/shared/format.ts',
          '/w/src/shared/icon.tsx',
        ],
      },
      '/w/src/shared/list.css': {},
      '/w/src/shared/row.tsx': { imports: ['/w/src/shared/list.tsx'] },
      '/w/src/shared/icon.tsx': { imports: ['/w/node_modules/antd/index.js'] },
      '/w/node_modules/antd/index.js': {},
      '/w/src/shared/format.ts': { imports: ['/w/node_modules/react/index.js', '/w/src/app/app.tsx'] },
    });
    expect(nameOf('/w/src/shared/format.ts', screens)).toBe('app');
    expect(nameOf('/w/src/shared/list.tsx', screens)).toBeNull();
    expect(nameOf('/w/src/shared/row.tsx', screens)).toBeNull();
    expect(nameOf('/w/src/shared/icon.tsx', screens)).toBeNull();
    expect(nameOf('/w/src/shared/list.css', screens)).toBeNull();
  });

  it('leaves the roots, the libraries and what the first screen loads later to the automatic splitting', () => {
    // A root keeps a chunk of its own: the build's manifest names it, and the server looks it up there.
    expect(nameOf('/w/src/app/start.tsx', graph)).toBeNull();
    expect(nameOf('/w/src/home/home-screen.tsx', graph)).toBeNull();
    expect(nameOf('/w/node_modules/react/index.js', graph)).toBeNull();
    expect(nameOf('/w/node_modules/antd/index.js', graph)).toBeNull();
    expect(nameOf('/w/src/home/promo-dialog.tsx', graph)).toBeNull();
    expect(nameOf('/w/src/wallet/wallet-screen.tsx', graph)).toBeNull();
  });

  it('works the groups out again for another build', () => {
    const other = graphOf({
      '/w/src/app/start.tsx': { imports: ['/w/src/home/slides.ts'] },
      '/w/src/home/slides.ts': {},
      '/w/src/home/home-screen.tsx': {},
    });
    expect(nameOf('/w/src/home/slides.ts', graph)).toBe('first-screen');
    expect(nameOf('/w/src/home/slides.ts', other)).toBe('app');
  });
});
