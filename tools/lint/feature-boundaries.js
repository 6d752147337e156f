import { dirname, resolve, sep } from 'node:path';

/**
 * ESLint rule `boundaries/feature-index`: a web feature reaches another feature only through that
 * feature's entries, the files at the root of its folder — `index.ts`, and the few entries kept apart from
 * it so that what they carry is bundled with the lazily loaded screen that uses it (e.g.
 * `promotions/side-menu.ts`); see apps/web/README.md. An import (or re-export, or dynamic import) from
 * `apps/web/src/features/<a>/…` whose relative path lands in a subfolder of `features/<b>/` (its
 * components, api, hooks, lib …) is an error; imports inside one feature, and from shared/ or contracts,
 * are free. Tests and test kits (`*.test.ts[x]`, `testing/`) may also use another feature's test kit, its
 * `testing/` folder.
 */
/**
 * The folder under `root` a relative import from `file` lands in, and the path inside it
 * (`['games', 'components', 'load-more.tsx']`); undefined for packages and paths outside `root`.
 */
function landing(root, file, source) {
  if (typeof source !== 'string' || !source.startsWith('.')) return undefined;
  const target = resolve(dirname(file), source);
  return target.startsWith(root) ? target.slice(root.length).split(sep) : undefined;
}

/** ESLint visitors calling `check(node, source)` for every import, re-export and dynamic import. */
function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node.source, node.source.value),
    ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
    ExportAllDeclaration: (node) => check(node.source, node.source.value),
    ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
  };
}

const FEATURES = `${sep}apps${sep}web${sep}src${sep}features${sep}`;

export const featureIndexRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports another feature only through its entries (index.ts)' },
    messages: {
      deep: "'{{source}}' reaches into the {{feature}} feature: import it from an entry of {{feature}} (its index.ts) or move what two features share to shared/.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const at = file.indexOf(FEATURES);
    if (at < 0) return {};
    const root = file.slice(0, at + FEATURES.length);
    const own = file.slice(root.length).split(sep)[0];
    const isTestCode = /\.test\.tsx?$/.test(file) || file.slice(root.length).split(sep).includes('testing');

    const check = (node, source) => {
      const landed = landing(root, file, source);
      if (!landed) return;
      const [feature, ...inner] = landed;
      if (feature === own) return;
      // The feature folder itself (its index), or a file at its root: an entry.
      if (inner.length <= 1) return;
      if (isTestCode && inner[0] === 'testing') return;
      context.report({ node, messageId: 'deep', data: { source, feature } });
    };

    return importVisitors(check);
  },
};

const MODULES = `${sep}apps${sep}server${sep}src${sep}modules${sep}`;

/**
 * ESLint rule `boundaries/module-index`: a server module (`apps/server/src/modules/<module>/`) reaches
 * another only through that module's `index.ts` (docs/conventions.md, layout): its service, repository
 * and routes are its own, and what two modules share lives in `apps/server/src/platform/`. Tests may reach
 * into any module (they set up its rows and services).
 */
export const moduleIndexRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module imports another module only through its index.ts' },
    messages: {
      deep: "'{{source}}' reaches into the {{module}} module: import it from modules/{{module}}/index.ts or move what two modules share to platform/.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const at = file.indexOf(MODULES);
    if (at < 0 || /\.test\.ts$/.test(file)) return {};
    const root = file.slice(0, at + MODULES.length);
    const parts = file.slice(root.length).split(sep);
    const own = parts.length > 1 ? parts[0] : undefined;

    const check = (node, source) => {
      const landed = landing(root, file, source);
      if (!landed) return;
      const [module, ...inner] = landed;
      if (module === own || inner.length === 0) return;
      if (inner.length === 1 && /^index\.tsx?$/.test(inner[0])) return;
      context.report({ node, messageId: 'deep', data: { source, module } });
    };

    return importVisitors(check);
  },
};

/** The plugin, as eslint.config.js registers it. */
export const boundariesPlugin = {
  rules: { 'feature-index': featureIndexRule, 'module-index': moduleIndexRule },
};
