// Prints the gzip size of the JavaScript and CSS a browser needs to show /signin, and fails
// when it is over budget. Run after `vite build` (the `build` script does).
//
// Counted: the entry chunk and everything it imports statically (transitively), plus the
// /signin route's lazily loaded chunk (TanStack Router's code splitting) and its static
// imports when the route is split off, with every CSS file those chunks carry. Dynamic imports
// of other routes are not loaded for /signin and are not counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = { js: 120, css: 15 };
const ROUTE_FILE = 'src/routes/signin.tsx';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routeKeys = Object.keys(manifest).filter(
  (key) => key === ROUTE_FILE || key.startsWith(`${ROUTE_FILE}?`),
);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');

/** @type {Set<string>} */
const chunks = new Set();
function visit(key) {
  if (chunks.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  chunks.add(key);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit(entryKey);
for (const key of routeKeys) visit(key);

/** True when a chunk's source map lists the route's file, that is, the chunk holds it. */
function holdsRoute(file) {
  const { sources } = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8'));
  return sources.some((source) => source.endsWith(ROUTE_FILE));
}
if (
  routeKeys.length === 0 &&
  ![...chunks].some((key) => manifest[key].file.endsWith('.js') && holdsRoute(manifest[key].file))
) {
  throw new Error(`${ROUTE_FILE} is in no chunk of its own, nor in one loaded first`);
}

const files = { js: new Set(), css: new Set() };
for (const key of chunks) {
  const chunk = manifest[key];
  if (chunk.file.endsWith('.js')) files.js.add(chunk.file);
  else if (chunk.file.endsWith('.css')) files.css.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
}

const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const rawKb = (file) => readFileSync(join(dist, file)).length / 1024;

const rows = [];
const totals = { js: 0, css: 0 };
for (const kind of /** @type {const} */ (['js', 'css'])) {
  for (const file of [...files[kind]].sort()) {
    const gz = gzipKb(file);
    totals[kind] += gz;
    rows.push([kind.toUpperCase(), file, rawKb(file).toFixed(1), gz.toFixed(1)]);
  }
}

const widths = [4, Math.max(4, ...rows.map((row) => row[1].length)), 9, 9];
const line = (cells) =>
  cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');

console.log('\nInitial load of /signin (kB; gzip level 9)');
console.log(line(['', 'file', 'raw', 'gzip']));
for (const row of rows) console.log(line(row));
console.log('');
// Fonts are counted apart: woff2 is compressed already, a browser fetches a face only for the
// characters a page uses (unicode-range) and shows text in the fallback meanwhile (swap).
const fonts = new Set();
for (const css of files.css) {
  for (const match of readFileSync(join(dist, css), 'utf8').matchAll(
    /url\(["']?\/?([^"')]+\.woff2)/g,
  )) {
    fonts.add(match[1]);
  }
}
for (const font of [...fonts].sort()) {
  console.log(line(['FONT', font, rawKb(font).toFixed(1), '(apart)']));
}
let over = false;
for (const kind of /** @type {const} */ (['js', 'css'])) {
  const total = totals[kind];
  const ok = total <= BUDGET_KB[kind];
  over ||= !ok;
  console.log(
    `${kind.toUpperCase().padEnd(4)} total ${total.toFixed(1)} kB gzip (budget ${BUDGET_KB[kind]} kB) ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
if (over) process.exit(1);
