#!/usr/bin/env node
/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of a built folder, so that the server can send them as they are (`preCompressed`) instead of
 * compressing on every request.
 *
 * Usage: node scripts/precompress.mjs <dir>
 *
 * - Compressible: js, mjs, css, html, svg, json, webmanifest, txt, xml, ico, wasm. Source maps are
 *   left alone (nobody downloads them on a phone).
 * - Files of 1 KB or less are skipped: the headers cost more than the saving.
 * - An output newer than its source is kept (up to date); a compressed copy that is not smaller
 *   than the source is not written (and a stale one is removed).
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.ico',
  '.wasm',
]);
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const ENCODINGS = [
  {
    suffix: '.br',
    compress: (data) =>
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
  },
  { suffix: '.gz', compress: (data) => gz(data, { level: 9 }) },
];

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

const mtimeOf = async (path) => {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
};

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function precompressFile(path, size, sourceMtime, totals) {
  let data;
  for (const { suffix, compress } of ENCODINGS) {
    const target = path + suffix;
    const targetMtime = await mtimeOf(target);
    if (targetMtime !== undefined && targetMtime >= sourceMtime) {
      totals.upToDate += 1;
      totals[suffix] += (await stat(target)).size;
      continue;
    }
    data ??= await readFile(path);
    const compressed = await compress(data);
    if (compressed.length >= size) {
      // Not worth sending: let the server send the original.
      if (targetMtime !== undefined) await rm(target);
      totals.notSmaller += 1;
      totals[suffix] += size;
      continue;
    }
    await writeFile(target, compressed);
    totals.written += 1;
    totals[suffix] += compressed.length;
  }
}

async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('usage: node scripts/precompress.mjs <dir>');
    process.exit(2);
  }
  const root = resolve(arg);
  const rootStat = await stat(root).catch(() => undefined);
  if (!rootStat?.isDirectory()) {
    console.error(`precompress: ${root} is not a folder`);
    process.exit(1);
  }

  const started = performance.now();
  const totals = { files: 0, original: 0, written: 0, upToDate: 0, notSmaller: 0, '.br': 0, '.gz': 0 };
  const jobs = [];
  for await (const path of walk(root)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const info = await stat(path);
    if (info.size <= MIN_BYTES) continue;
    totals.files += 1;
    totals.original += info.size;
    jobs.push(
      precompressFile(path, info.size, info.mtimeMs, totals).catch((error) => {
        throw new Error(`precompress: ${relative(process.cwd(), path)}: ${error.message}`, { cause: error });
      }),
    );
  }
  await Promise.all(jobs);

  const ms = Math.round(performance.now() - started);
  console.log(
    `precompress: ${totals.files} files in ${relative(process.cwd(), root) || '.'} (${kb(totals.original)})` +
      ` → br ${kb(totals['.br'])}, gz ${kb(totals['.gz'])}; wrote ${totals.written}, up to date ${totals.upToDate}` +
      `${totals.notSmaller ? `, not smaller ${totals.notSmaller}` : ''} in ${ms} ms`,
  );
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
