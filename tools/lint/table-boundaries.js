import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FOREIGN_TABLE_ALLOWANCES, READ_MODEL_MODULES, SCHEMA_OWNERS } from './table-owners.js';

/**
 * ESLint rule `tables/owner` (docs/decisions/037-table-owners.md): a server module imports from
 * `apps/server/src/db/schema` only the tables it owns (tools/lint/table-owners.js) and their row types,
 * and names no other module's table in the text of its SQL (`sql\`… from member …\``); another module's
 * table is reached through that module's index.ts. A read-model module may read any table but never
 * writes one. Tests (`*.test.ts`) and test kits (`testing.ts`) set up and assert on stored rows directly
 * and are free.
 */

const SCHEMA_DIR = fileURLToPath(new URL('../../apps/server/src/db/schema/', import.meta.url));

/**
 * What each name exported by the schema files is: its file and its table (the table itself, or the table
 * its row type is inferred from). Constants and helpers of a file have no table of their own. Each table
 * is also known by its name in SQL, under `sql:<name>`.
 */
export function schemaNames(dir = SCHEMA_DIR) {
  const names = new Map();
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.ts') || name === 'index.ts') continue;
    const file = name.slice(0, -'.ts'.length);
    const text = readFileSync(`${dir}${name}`, 'utf8');
    for (const [, table, inSql] of text.matchAll(/^export const (\w+) = pgTable\(\s*'(\w+)'/gm)) {
      names.set(table, { file, table });
      names.set(`sql:${inSql}`, { file, table });
    }
    for (const [, type, table] of text.matchAll(/^export type (\w+) = typeof (\w+)\.\$infer/gm)) {
      names.set(type, { file, table });
    }
    for (const [, other] of text.matchAll(/^export (?:const|type|function|interface) (\w+)/gm)) {
      if (!names.has(other)) names.set(other, { file, table: undefined });
    }
  }
  return names;
}

/** The module owning a name of the schema: undefined for the shared column helpers. */
export function ownerOf(entry, owners = SCHEMA_OWNERS) {
  const of = owners[entry.file];
  if (!of) return undefined;
  return (entry.table && of.tables?.[entry.table]) ?? of.owner;
}

const MODULES = `${sep}apps${sep}server${sep}src${sep}modules${sep}`;
const WRITES = new Set(['insert', 'update', 'delete']);
/** The tables a statement's text reads or writes: what follows `from`, `join`, `into` and `update`. */
const SQL_TABLE = /\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi;
/** The tables a statement's text writes. */
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi;
let known;

export const tableOwnerRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module imports only the tables it owns' },
    messages: {
      foreign:
        "'{{name}}' is the {{owner}} module's (db/schema/{{file}}.ts): ask modules/{{owner}}/index.ts for what you need (owners: tools/lint/table-owners.js).",
      whole: "'{{source}}' brings in every table: import the tables this module owns by name.",
      inSql:
        "The SQL names '{{name}}', the {{owner}} module's table (db/schema/{{file}}.ts): ask modules/{{owner}}/index.ts for what you need (owners: tools/lint/table-owners.js).",
      readOnly:
        "The {{module}} module reads '{{name}}' and never writes it: writes go through the {{owner}} module.",
    },
    schema: [
      {
        type: 'object',
        properties: { allowances: { type: 'object' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const at = file.indexOf(MODULES);
    if (at < 0 || /\.test\.ts$/.test(file) || basename(file) === 'testing.ts') return {};
    const inModules = file.slice(at + MODULES.length);
    const own = inModules.split(sep)[0].replace(/\.ts$/, '');
    const schema = resolve(file.slice(0, at), 'apps', 'server', 'src', 'db', 'schema');
    const allowances = context.options[0]?.allowances ?? FOREIGN_TABLE_ALLOWANCES;
    const allowed = new Set(allowances[inModules.split(sep).join('/')] ?? []);
    const readModel = READ_MODEL_MODULES.includes(own);
    known ??= schemaNames();
    /** Local names of tables this file imports, for the read-model check. */
    const tables = new Map();

    const isSchema = (source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return false;
      const target = resolve(dirname(file), source);
      return target === schema || target.startsWith(schema + sep);
    };

    const checkName = (node, name, local) => {
      const entry = known.get(name);
      if (!entry) return;
      const owner = ownerOf(entry);
      if (owner === undefined) return;
      if (entry.table !== undefined && local !== undefined) tables.set(local, { ...entry, owner });
      if (owner === own || readModel || allowed.has(entry.table ?? name)) return;
      context.report({ node, messageId: 'foreign', data: { name, owner, file: entry.file } });
    };

    const checkSpecifiers = (node) => {
      if (!isSchema(node.source?.value)) return;
      for (const specifier of node.specifiers ?? []) {
        if (specifier.type === 'ImportSpecifier') {
          checkName(specifier, specifier.imported.name, specifier.local.name);
        } else if (specifier.type === 'ExportSpecifier') {
          checkName(specifier, specifier.local.name, undefined);
        } else {
          context.report({ node, messageId: 'whole', data: { source: node.source.value } });
        }
      }
    };

    const whole = (node) => {
      if (isSchema(node.source.value)) {
        context.report({ node, messageId: 'whole', data: { source: node.source.value } });
      }
    };

    /** Tables named in the text of a `sql` template. */
    const checkSql = (node) => {
      if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
      for (const quasi of node.quasi.quasis) {
        const text = quasi.value.cooked ?? quasi.value.raw;
        for (const [, inSql] of readModel ? text.matchAll(SQL_WRITE) : []) {
          const entry = known.get(`sql:${inSql.toLowerCase()}`);
          if (!entry) continue;
          const data = { module: own, name: entry.table, owner: ownerOf(entry) };
          context.report({ node: quasi, messageId: 'readOnly', data });
        }
        for (const [, inSql] of readModel ? [] : text.matchAll(SQL_TABLE)) {
          const entry = known.get(`sql:${inSql.toLowerCase()}`);
          if (!entry) continue;
          const owner = ownerOf(entry);
          if (owner === undefined || owner === own || allowed.has(entry.table)) continue;
          context.report({ node: quasi, messageId: 'inSql', data: { name: inSql, owner, file: entry.file } });
        }
      }
    };

    return {
      TaggedTemplateExpression: checkSql,
      ImportDeclaration: checkSpecifiers,
      ExportNamedDeclaration: (node) => node.source && checkSpecifiers(node),
      ExportAllDeclaration: whole,
      ImportExpression: (node) => node.source.type === 'Literal' && whole(node),
      CallExpression(node) {
        if (!readModel) return;
        const callee = node.callee;
        const target = node.arguments[0];
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!WRITES.has(callee.property.name) || target?.type !== 'Identifier') return;
        const table = tables.get(target.name);
        if (!table || table.owner === own) return;
        context.report({
          node,
          messageId: 'readOnly',
          data: { module: own, name: table.table, owner: table.owner },
        });
      },
    };
  },
};

/** The plugin, as eslint.config.js registers it. */
export const tablesPlugin = { rules: { owner: tableOwnerRule } };
