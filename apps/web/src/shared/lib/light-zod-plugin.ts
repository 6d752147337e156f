import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The contracts modules the first loads of home (a member's too) and the lottery list parse answers
 * with (docs/decisions/024-first-load-javascript.md).
 */
export const LIGHT_CONTRACTS = [
  'content',
  'games',
  'status',
  'platform',
  'lottery',
  'accounts',
  'member-session',
  'account-checks',
  'content-home',
  'responsible-gaming',
] as const;

/**
 * Contracts modules that light ones and the app take schemas from, and that zod modules build on too
 * (`moneySchema` and the balance, `pageParams`, `agentContract`, `wageringRequirement`; the member's wallet widget and the
 * agent-contract check on a member's home): the light modules and the app's own sources import a copy of their own,
 * built with light-zod, and the other contracts modules the module itself, built with zod.
 */
export const LIGHT_COPIES = [
  'wallet-balance',
  'contract-requests',
  'wallet',
  'paging',
  'agent-contracts',
  'wagering',
] as const;

/** The query that names a light copy of a contracts module. */
const COPY = '?light-zod';

const lightZod = resolve(dirname(fileURLToPath(import.meta.url)), 'light-zod.ts');
const contractsModule = new RegExp(
  String.raw`[\\/]packages[\\/]contracts[\\/]src[\\/](${LIGHT_CONTRACTS.join('|')})\.ts$`,
);
const copiedImport = new RegExp(String.raw`^\./(${LIGHT_COPIES.join('|')})\.ts$`);
const copiedPackage = new RegExp(String.raw`^@kl/contracts/(${LIGHT_COPIES.join('|')})$`);
const appSource = /[\\/]apps[\\/]web[\\/]src[\\/]/;

/**
 * In the browser build, the contracts modules of LIGHT_CONTRACTS import light-zod.ts instead of zod, and
 * their imports of LIGHT_COPIES, and the app's, a copy built the same way, so that those first loads carry no zod
 * (docs/decisions/024-first-load-javascript.md). The development server, the server rendering and the
 * tests keep zod.
 */
export function lightContracts(): Plugin {
  return {
    name: 'kl-light-contracts',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return undefined;
      const path = importer.split('?')[0] ?? '';
      if (copiedPackage.test(source) && appSource.test(path)) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        return resolved ? `${resolved.id}${COPY}` : undefined;
      }
      if (!contractsModule.test(path) && !importer.endsWith(COPY)) return undefined;
      if (source === 'zod') return lightZod;
      return copiedImport.test(source) ? `${resolve(dirname(path), source)}${COPY}` : undefined;
    },
  };
}
