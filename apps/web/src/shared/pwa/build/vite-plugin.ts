import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type HtmlTagDescriptor, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import type { ShellManifest } from '../service-worker/rules.ts';
import { FAVICON, ICON_FILES, renderIcon } from './icons.ts';
import { SITE_NAME, webAppManifest } from './manifest.ts';

/**
 * Makes the production build an installable web app (nothing changes under `vite` in development):
 * - `manifest.webmanifest` and the PNG icons it lists, drawn at build time (icons.ts), and the favicon;
 * - the tags of index.html that point at them (manifest, favicon, iOS home-screen icons and title);
 * - `sw.js`, the service worker (../service-worker/sw.ts bundled into one classic script) with
 *   the list of files it precaches: index.html, every hashed asset the app can use offline and
 *   the public files. Its version is a hash of those files, so any change yields a new worker.
 */
export const MANIFEST_FILE = 'manifest.webmanifest';
export const WORKER_FILE = 'sw.js';

const workerEntry = () => fileURLToPath(new URL('../service-worker/sw.ts', import.meta.url));

/**
 * Chunks of no use without the network, left out of the precache (fetched when used, like
 * before): Firebase's sign-in popup needs Google's servers anyway.
 */
const ONLINE_ONLY_MODULE = /[\\/]node_modules[\\/](firebase|@firebase)[\\/]/;

/**
 * Build output the worker does not precache: what the browser fetches itself, source maps, and the build
 * manifest the server reads to render home (`.vite/`, never served).
 */
const isNotPrecached = (fileName: string) =>
  fileName.startsWith('.vite/') ||
  fileName === MANIFEST_FILE ||
  fileName === WORKER_FILE ||
  fileName.startsWith('icons/') ||
  fileName.endsWith('.map');

export function headTags(base: string): HtmlTagDescriptor[] {
  const meta = (name: string, content: string): HtmlTagDescriptor => ({
    tag: 'meta',
    attrs: { name, content },
    injectTo: 'head',
  });
  return [
    { tag: 'link', attrs: { rel: 'manifest', href: `${base}${MANIFEST_FILE}` }, injectTo: 'head' },
    {
      tag: 'link',
      attrs: {
        rel: 'icon',
        type: 'image/png',
        sizes: `${FAVICON.size}x${FAVICON.size}`,
        href: `${base}${FAVICON.path}`,
      },
      injectTo: 'head',
    },
    ...ICON_FILES.filter((icon) => icon.purpose === 'apple-touch-icon').map((icon): HtmlTagDescriptor => ({
      tag: 'link',
      attrs: { rel: 'apple-touch-icon', sizes: `${icon.size}x${icon.size}`, href: `${base}${icon.path}` },
      injectTo: 'head',
    })),
    meta('mobile-web-app-capable', 'yes'),
    // iOS before 16.4 opens a home-screen site in its own window only with this.
    meta('apple-mobile-web-app-capable', 'yes'),
    meta('apple-mobile-web-app-title', SITE_NAME),
    meta('apple-mobile-web-app-status-bar-style', 'black'),
  ];
}

/** Files of the public folder, as paths inside the build. */
function publicFiles(publicDir: string): string[] {
  if (!publicDir || !existsSync(publicDir)) return [];
  return readdirSync(publicDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(publicDir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/** Paths inside the build that the worker precaches, index.html first. */
export function precacheList(bundle: Rolldown.OutputBundle, publicPaths: readonly string[]): string[] {
  const fromBundle = Object.values(bundle)
    .filter((output) => !isNotPrecached(output.fileName))
    .filter(
      (output) => output.type === 'asset' || !output.moduleIds.some((id) => ONLINE_ONLY_MODULE.test(id)),
    )
    .map((output) => output.fileName);
  const all = [...new Set([...fromBundle, ...publicPaths.filter((path) => !isNotPrecached(path))])];
  return all.sort((a, b) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a.localeCompare(b)));
}

/** A short hash of the files' names and bytes. */
function versionOf(outDir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(outDir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

async function buildWorker(config: ResolvedConfig, outDir: string, shell: ShellManifest): Promise<void> {
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    publicDir: false,
    define: { __KL_SHELL__: JSON.stringify(shell) },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2020',
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry: workerEntry(), formats: ['iife'], name: 'klServiceWorker', fileName: () => WORKER_FILE },
    },
  });
}

export function installableWebApp(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'kl-installable-web-app',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml() {
      return headTags(config.base);
    },
    generateBundle() {
      for (const icon of ICON_FILES) {
        this.emitFile({ type: 'asset', fileName: icon.path, source: renderIcon(icon) });
      }
      this.emitFile({
        type: 'asset',
        fileName: MANIFEST_FILE,
        source: `${JSON.stringify(webAppManifest(config.base, ICON_FILES), null, 2)}\n`,
      });
    },
    async writeBundle(options, bundle) {
      const outDir = resolve(config.root, options.dir ?? config.build.outDir);
      const files = precacheList(bundle, config.build.copyPublicDir ? publicFiles(config.publicDir) : []);
      if (!files.includes('index.html')) throw new Error('installable web app: the build has no index.html');
      await buildWorker(config, outDir, {
        version: versionOf(outDir, files),
        shell: `${config.base}index.html`,
        files: files.map((file) => `${config.base}${file}`),
      });
    },
  };
}
