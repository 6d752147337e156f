import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileServer, jsExports, SERVER_WORKSPACES } from '../../../../scripts/server-compile.mjs';

/**
 * The server compiled to JavaScript for the processes the suites start (test/processes.ts): the server,
 * its commands and the shared packages, as the release holds them (scripts/server-compile.mjs), run with
 * `node` alone, as production runs them. A process started through the TypeScript runner spent about
 * three seconds of processor compiling and resolving its modules before its first line; this one is
 * built once per run, in two seconds (docs/decisions/031-test-suite-time.md).
 *
 * The packages are the repository's: `out/node_modules` links to each of them, but `@kl/contracts` and
 * `@kl/signing` to their compiled copies, whose manifests name the `.js` files.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** Compiles the server into `out`; answers `out`. */
export async function buildCompiledServer(out: string): Promise<string> {
  await compileServer({ root: REPO_ROOT, out, sourceMap: false });
  for (const workspace of SERVER_WORKSPACES) {
    const manifest = JSON.parse(await readFile(join(REPO_ROOT, workspace, 'package.json'), 'utf8')) as {
      exports?: Record<string, string>;
    };
    if (manifest.exports) manifest.exports = jsExports(manifest.exports);
    await writeFile(join(out, workspace, 'package.json'), JSON.stringify(manifest));
  }
  const modules = join(out, 'node_modules');
  await mkdir(join(modules, '@kl'), { recursive: true });
  for (const name of await readdir(join(REPO_ROOT, 'node_modules'))) {
    if (name === '@kl' || name.startsWith('.')) continue;
    await symlink(join(REPO_ROOT, 'node_modules', name), join(modules, name));
  }
  for (const workspace of SERVER_WORKSPACES.filter((path) => path.startsWith('packages/'))) {
    await symlink(join(out, workspace), join(modules, '@kl', workspace.slice('packages/'.length)));
  }
  return out;
}
