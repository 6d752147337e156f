#!/usr/bin/env node
/**
 * The import-cycle check of `npm run lint` (docs/conventions.md, layout): no module of the apps or the
 * contracts may import itself back through a chain of static imports. A cycle makes the order of module
 * evaluation decide whether a value exists yet, and ties features or modules together that should meet
 * only through an index. Type-only imports (`import type`, erased at build) and dynamic `import()` (a
 * lazy boundary) do not count.
 *
 *   node tools/lint/import-cycles.mjs        check (exit 1 on a cycle, each one printed)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'release', 'reports', 'test-results', 'playwright-report']);

/** Static, value-carrying relative imports and re-exports of a source text. */
export function staticImports(text) {
  const found = [];
  const pattern = /^\s*(import|export)\s+(type\s+)?([^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;
  for (const match of text.matchAll(pattern)) {
    const [, , typeOnly, clause, source] = match;
    if (typeOnly) continue;
    // `import { type A, type B } from` carries no value either.
    if (clause && /^\{\s*(type\s+[\w$]+\s*,?\s*)+\}\s+from\s+$/.test(clause.trim() + ' ')) continue;
    found.push(source);
  }
  return found;
}

function sourceFiles(dir, files = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, files);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

/** Every cycle among the files under `dirs`, each as the list of files that form it. */
export function findCycles(dirs = ['apps', 'packages'], cwd = root) {
  const files = dirs.flatMap((dir) => (existsSync(join(cwd, dir)) ? sourceFiles(join(cwd, dir)) : []));
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      staticImports(readFileSync(file, 'utf8'))
        .map((source) => resolve(dirname(file), source))
        .filter((target) => known.has(target)),
    ]),
  );
  // Tarjan's strongly connected components: every component of two or more files is a cycle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file), index.get(target)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = component.length === 1 && (edges.get(file) ?? []).includes(file);
      if (component.length > 1 || selfImport)
        cycles.push(component.map((path) => relative(cwd, path)).sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = findCycles();
  for (const cycle of cycles) console.log(`import cycle: ${cycle.join(' ↔ ')}`);
  console.log(`import cycles: ${cycles.length}`);
  if (cycles.length > 0) process.exit(1);
}
