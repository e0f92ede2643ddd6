// @ts-check
import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Front doors (ADR 051): a server module (apps/server/src/modules/<name>/) or a web feature
 * (apps/web/src/features/<name>/) is used by the others only through its index.ts. An import of
 * anything else inside another one is an error, unless module-boundaries-allowed.json lists it
 * (the list only shrinks; architecture.test.ts fails on an entry no longer needed). Tests are
 * above every module and may import what they check.
 *
 * A server module has a second door, its schema.ts: its tables are the data layer's contract,
 * which other modules' queries join and other tables' foreign keys name. The tables sit under
 * every module's code, where db/schema.ts was (ADR 050): a schema.ts imports no module's code,
 * only other schema.ts files (architecture.test.ts checks it), so this door opens no cycle.
 * Exporting the tables from index.ts instead would tie each join to the whole module and its
 * imports, and turn a table's foreign keys into cycles of modules.
 */

const repoRoot = path.resolve(import.meta.dirname, '..');
const TABLES = /^apps\/server\/src\/modules\/[^/]+\/schema\.ts$/;
const UNIT = /^apps\/(server)\/src\/modules\/([^/]+)\/|^apps\/(web)\/src\/features\/([^/]+)\//;

/** `server:checkout`, `web:reports`, or null outside the modules and features. */
export function unitOf(/** @type {string} */ file) {
  const match = UNIT.exec(file);
  if (match === null) return null;
  return match[1] === undefined ? `web:${String(match[4])}` : `server:${String(match[2])}`;
}

/** A server module's tables, its second door: `apps/server/src/modules/checkout/schema.ts`. */
export function isTables(/** @type {string} */ file) {
  return TABLES.test(file);
}

/** The folder of a unit, from the repository's root: `apps/server/src/modules/checkout/`. */
export function folderOf(/** @type {string} */ unit) {
  const [side, name] = unit.split(':');
  return side === 'server'
    ? `apps/server/src/modules/${String(name)}/`
    : `apps/web/src/features/${String(name)}/`;
}

/**
 * What may still cross without a front door: `"<from unit> -> <to unit>"` with the files of the
 * other unit it imports and why.
 * @type {Record<string, { why: string; files: string[] }>}
 */
export const allowed = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'module-boundaries-allowed.json'), 'utf8'),
);

/** @type {import('eslint').Rule.RuleModule} */
const frontDoor = {
  meta: {
    type: 'problem',
    docs: { description: 'Use another module or feature only through its index.ts (ADR 051)' },
    messages: {
      inside:
        "'{{target}}' is inside {{unit}}: import it through {{door}}, exporting it there if others may use it (ADR 051).",
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(repoRoot, context.filename).split(path.sep).join('/');
    const from = unitOf(file);
    if (from === null || /\.test\.tsx?$/.test(file)) return {};
    /** @param {import('estree').Node & { source?: unknown }} node */
    function check(node) {
      const source = /** @type {{ value?: unknown } | null | undefined} */ (node.source);
      const specifier = source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path
        .relative(repoRoot, path.resolve(path.dirname(context.filename), specifier))
        .split(path.sep)
        .join('/');
      const to = unitOf(target);
      if (to === null || to === from) return;
      const door = folderOf(to);
      if (target === `${door}index.ts` || target === `${door}index.tsx` || isTables(target)) return;
      if (allowed[`${from} -> ${to}`]?.files.includes(target) === true) return;
      context.report({
        node,
        messageId: 'inside',
        data: { target, unit: door, door: `${door}index.ts` },
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'front-door': frontDoor } };
