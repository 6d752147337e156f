import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The contracts modules home's first load parses answers with (docs/decisions/024-first-load-javascript.md). */
export const LIGHT_CONTRACTS = ['content', 'games', 'status', 'platform'] as const;

const lightZod = resolve(dirname(fileURLToPath(import.meta.url)), 'light-zod.ts');
const contractsModule = new RegExp(
  String.raw`[\\/]packages[\\/]contracts[\\/]src[\\/](${LIGHT_CONTRACTS.join('|')})\.ts$`,
);

/**
 * In the browser build, the contracts modules of LIGHT_CONTRACTS import light-zod.ts instead of zod, so that
 * home's first load carries no zod (docs/decisions/024-first-load-javascript.md). The development server,
 * the server rendering and the tests keep zod.
 */
export function lightContracts(): Plugin {
  return {
    name: 'kl-light-contracts',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer) return undefined;
      return contractsModule.test(importer.split('?')[0] ?? '') ? lightZod : undefined;
    },
  };
}
