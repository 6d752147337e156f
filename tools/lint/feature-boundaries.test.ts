import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundariesPlugin } from './feature-boundaries.js';

/** A rule as the repository's ESLint configuration runs it, on source text at a path under apps/web/src. */
function lint(file: string, code: string, rule = 'boundaries/feature-index', under = 'apps/web/src') {
  const linter = new Linter({ configType: 'flat', cwd: '/repo' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.{ts,tsx}'],
          languageOptions: { ecmaVersion: 'latest', sourceType: 'module' },
          plugins: { boundaries: boundariesPlugin },
          rules: { [rule]: 'error' },
        },
      ],
      `/repo/${under}/${file}`,
    )
    .map((message) => message.message);
}

describe('boundaries/feature-index', () => {
  it('fails on a deep import into another feature, however it is written', () => {
    expect(
      lint(
        'features/member/components/report-parts.ts',
        "import { LoadMore } from '../../games/components/load-more.tsx';",
      ),
    ).toEqual([
      "'../../games/components/load-more.tsx' reaches into the games feature: import it from an entry of games (its index.ts) or move what two features share to shared/.",
    ]);
    expect(
      lint('features/vip/benefits-screen.ts', "export { quickNavItems } from '../home/lib/quick-nav.ts';"),
    ).toHaveLength(1);
    expect(lint('features/vip/benefits-screen.ts', "export * from '../home/lib/quick-nav.ts';")).toHaveLength(
      1,
    );
    expect(
      lint('features/vip/benefits-screen.ts', "const x = import('../home/api/get-banners.ts');"),
    ).toHaveLength(1);
    // A test may use another feature's test kit, but not its internals.
    expect(
      lint(
        'features/vip/benefits.test.ts',
        "import { fake } from '../promotions/testing/fake-promotions.ts';",
      ),
    ).toEqual([]);
    expect(
      lint('features/vip/benefits.test.ts', "import { get } from '../promotions/api/get-claims.ts';"),
    ).toHaveLength(1);
    expect(
      lint(
        'features/vip/benefits-screen.ts',
        "import { fake } from '../promotions/testing/fake-promotions.ts';",
      ),
    ).toHaveLength(1);
  });

  it('lets a feature use its own files, other features’ entries, shared/ and packages', () => {
    expect(
      lint(
        'features/member/components/profile-card.ts',
        [
          "import { useMemberInfo } from '../../auth/index.ts';",
          "import { useSignOut } from '../../auth/sign-out.ts';",
          "import { auth } from '../../auth';",
          "import { money } from '../../../shared/lib/money.ts';",
          "import { parts } from '../lib/member-items.ts';",
          "import { API } from '@kl/contracts/api-paths';",
        ].join('\n'),
      ),
    ).toEqual([]);
    // Outside features/ the rule says nothing.
    expect(
      lint('app/router.ts', "import { HomeScreen } from '../features/home/components/home-screen.tsx';"),
    ).toEqual([]);
  });
});

describe('boundaries/module-index', () => {
  const lintServer = (file: string, code: string) =>
    lint(file, code, 'boundaries/module-index', 'apps/server/src');

  it("fails on an import of another module's file, and accepts its index", () => {
    expect(
      lintServer(
        'modules/lottery/service.ts',
        "import { uniqueViolation } from '../wallet/ledger-service.ts';",
      ),
    ).toEqual([
      "'../wallet/ledger-service.ts' reaches into the wallet module: import it from modules/wallet/index.ts or move what two modules share to platform/.",
    ]);
    expect(lintServer('modules/slot/service.ts', "export * from '../games/repository.ts';")).toHaveLength(1);
    expect(lintServer('modules/slot/service.ts', "import { x } from '../games/index.ts';")).toEqual([]);
    expect(lintServer('modules/slot/service.ts', "import { x } from './repository.ts';")).toEqual([]);
    expect(lintServer('modules/slot/service.ts', "import { x } from '../../platform/db-errors.ts';")).toEqual(
      [],
    );
  });

  it('lets tests and files outside modules/ reach anywhere', () => {
    expect(
      lintServer('modules/slot/slot.test.ts', "import { x } from '../wallet/ledger-service.ts';"),
    ).toEqual([]);
    expect(lintServer('app.ts', "import { x } from './modules/wallet/ledger-service.ts';")).toEqual([]);
  });
});
