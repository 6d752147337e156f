/**
 * The API server compiled to JavaScript, as production runs it (docs/decisions/039-release.md): the
 * server's and the shared packages' sources compiled file by file by TypeScript 7's compiler, with what
 * the server reads beside its modules (the migrations, the pages' assets) copied next to them, in the
 * repository's layout under `out`. The release (scripts/release.mjs) is made of it, and the server
 * suites' processes run it (apps/server/src/test/global-setup.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The workspaces the server is made of, in the order they depend on each other. */
export const SERVER_WORKSPACES = ['packages/contracts', 'packages/signing', 'apps/server'];

const tsc = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);

/**
 * Compiles the server, its commands and the shared packages (apps/server/tsconfig.release.json) into
 * `out` and copies their assets; rejects if the compiler fails. The types are not checked again
 * (`--noCheck`: 2 s instead of 24 s and 42 s of processor): `npm run typecheck` checks them, and the
 * compiler writes the same JavaScript either way.
 */
export async function compileServer({ root, out, sourceMap = true }) {
  const compiler = spawn(
    process.execPath,
    [
      tsc,
      '-p',
      'apps/server/tsconfig.release.json',
      '--noCheck',
      '--outDir',
      out,
      ...(sourceMap ? [] : ['--sourceMap', 'false']),
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const [code] = await once(compiler, 'exit');
  if (code !== 0) throw new Error('the server did not compile');
  for (const workspace of SERVER_WORKSPACES) copyAssets(root, out, join(workspace, 'src'));
}

/** Copies every file of `from` that is not TypeScript (nor in a test folder) to the same place in `out`. */
function copyAssets(root, out, from) {
  for (const entry of readdirSync(join(root, from), { withFileTypes: true })) {
    const path = join(from, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test') copyAssets(root, out, path);
    } else if (!entry.name.endsWith('.ts')) {
      mkdirSync(join(out, from), { recursive: true });
      cpSync(join(root, path), join(out, path));
    }
  }
}

/** A package's exports on its compiled files (`./src/x.ts` → `./src/x.js`). */
export function jsExports(exports) {
  return Object.fromEntries(
    Object.entries(exports).map(([key, path]) => [key, path.replace(/\.ts$/, '.js')]),
  );
}
