/**
 * How `npm start` (scripts/start.mjs) and `npm run start:cluster` (scripts/cluster.mjs) run the server:
 * with NODE_ENV=production the release's compiled entry (`release/apps/server/src/<entry>.js`, installed
 * with `npm ci --omit=dev`; docs/decisions/039-release.md), never the TypeScript sources, which they run
 * through tsx otherwise. Without an installed release in production, says what to run and exits with 1.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const production = process.env.NODE_ENV === 'production';

/** The node arguments that run apps/server/src/<entry> for `command` (the name its messages carry). */
export function serverArgs(command, entry) {
  if (!production) return ['--import', 'tsx', `apps/server/src/${entry}.ts`];
  const release = join(root, 'release');
  if (!existsSync(join(release, 'node_modules'))) {
    console.error(
      existsSync(join(release, 'package.json'))
        ? `✗ ${command}: the release is not installed: run \`npm ci --omit=dev\` in release/ (README, "Run it in production")`
        : `✗ ${command}: production runs the release: run \`npm run build\`, then \`npm ci --omit=dev\` in release/ (README, "Run it in production")`,
    );
    process.exit(1);
  }
  return [join(release, `apps/server/src/${entry}.js`)];
}
