// `npm run release:tree -- <folder>`: puts into <folder> what the server needs at run time (and
// its LICENSE), nothing else: the container image's final stage copies this folder and only this
// folder (Dockerfile, ADR 046). Run it after `npm ci` and `npm run build`.
//
//   package.json files         root, apps/server, packages/shared (`type`, `exports`)
//   TypeScript settings        the tsconfig files tsx reads when it loads the sources
//   apps/server/src            the server's sources, without tests and test helpers
//   apps/server/drizzle        the SQL migrations and their journal (run at every start)
//   packages/shared/src        the shared sources, without tests
//   apps/web/dist              the built web app (`--web-dist <folder>` takes another build)
//   node_modules               the server's production dependencies as package-lock.json
//                              resolves them, copied from ./node_modules; the workspace
//                              package @nestling/shared is a relative link, as npm makes it
//   LICENSE
//
// The dependencies are walked from apps/server's `dependencies` (and optional and peer ones)
// through the lock file, so the web app's packages and every dev dependency stay out. Each
// package is copied as installed (with what its install script left), the version on disk
// must be the lock's, and a link that would point outside the folder stops the script.
//
// `--link` hard-links the files instead of copying them (the test does, to be quick): the same
// files (copied when the folder is on another file system). Nothing may then write to the tree,
// which the server never does: its writes go to DATA_DIR.
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'web-dist': { type: 'string' }, link: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) {
  console.error(
    'Usage: node scripts/release-tree.mjs <folder> [--web-dist <built web app>] [--link]',
  );
  process.exit(2);
}
const target = path.resolve(positionals[0]);
const webDist = path.resolve(values['web-dist'] ?? path.join(root, 'apps/web/dist'));

function fail(message) {
  console.error(`release-tree: ${message}`);
  process.exit(1);
}

if (existsSync(target) && readdirSync(target).length > 0) {
  fail(`${target} is not empty; give a new or empty folder`);
}
if (!existsSync(path.join(webDist, 'index.html'))) {
  fail(`no built web app in ${webDist}: run \`npm run build\` first`);
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
if (!existsSync(path.join(root, 'node_modules'))) fail('no node_modules: run `npm ci` first');

const isTest = (file) => /\.test\.tsx?$/.test(file);

/** A file or folder copied (or hard-linked, with --link) to `to`; `keep` sees each source. */
function place(from, to, keep = () => true) {
  if (!values.link) {
    cpSync(from, to, { recursive: true, verbatimSymlinks: true, filter: keep });
    return;
  }
  if (!keep(from)) return;
  const stats = lstatSync(from);
  if (stats.isSymbolicLink()) {
    mkdirSync(path.dirname(to), { recursive: true });
    symlinkSync(readlinkSync(from), to);
  } else if (stats.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) place(path.join(from, name), path.join(to, name), keep);
  } else {
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch (error) {
      // Another file system: a copy instead.
      if (error.code !== 'EXDEV') throw error;
      copyFileSync(from, to);
    }
  }
}

/** Copies a file or folder from the repository to the same place in the tree. */
function copy(relative, filter = () => true) {
  const from = path.join(root, relative);
  if (!existsSync(from)) fail(`${relative} is missing`);
  place(from, path.join(target, relative), (source) =>
    filter(path.relative(root, source).split(path.sep).join('/')),
  );
}

mkdirSync(target, { recursive: true });

for (const file of [
  'package.json',
  'apps/server/package.json',
  'packages/shared/package.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'apps/server/tsconfig.json',
  'packages/shared/tsconfig.json',
  'LICENSE',
]) {
  if (file === 'LICENSE' && !existsSync(path.join(root, file))) continue;
  copy(file);
}
copy('apps/server/src', (file) => !isTest(file) && !/^apps\/server\/src\/test(\/|$)/.test(file));
copy('packages/shared/src', (file) => !isTest(file));
// The migrator reads meta/_journal.json and the SQL files it names; the snapshots are for
// drizzle-kit when it writes the next migration.
copy(
  'apps/server/drizzle',
  (file) => !file.startsWith('apps/server/drizzle/meta/') || file.endsWith('/_journal.json'),
);
place(webDist, path.join(target, 'apps/web/dist'));

// --- The server's production dependencies, as the lock file resolves them ---

const packages = lock.packages ?? {};

/** Where Node finds `name` from the package at `from` (a lock key): nearest node_modules up. */
function resolveFrom(from, name) {
  let base = from;
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (candidate in packages) return candidate;
    if (base === '') return null;
    const up = base.lastIndexOf('/node_modules/');
    base = up === -1 ? '' : base.slice(0, up);
  }
}

const copied = new Set();
const links = new Map();
const queue = [{ location: 'apps/server', via: '@nestling/server' }];
const visited = new Set();

while (queue.length > 0) {
  const { location, via } = queue.shift();
  if (visited.has(location)) continue;
  visited.add(location);
  const entry = packages[location];
  const edges = [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    // npm installs peers; one marked optional is left to whoever needs it.
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => entry.peerDependenciesMeta?.[name]?.optional !== true)
      .map((name) => ({ name, optional: false })),
  ];
  for (const { name, optional } of edges) {
    const found = resolveFrom(location, name);
    const onDisk = found !== null && existsSync(path.join(root, found));
    if (!onDisk) {
      // Optional packages for another platform (esbuild's, say) are in the lock, not on disk.
      if (optional || (found !== null && packages[found].optional === true)) continue;
      fail(`${name}, needed by ${via}, is not installed: run \`npm ci\``);
    }
    const resolved = packages[found];
    if (resolved.link === true) {
      links.set(found, resolved.resolved);
      queue.push({ location: resolved.resolved, via: name });
    } else {
      copied.add(found);
      queue.push({ location: found, via: name });
    }
  }
}

for (const location of [...copied].sort()) {
  const from = path.join(root, location);
  const installed = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
  const locked = packages[location].version;
  if (locked !== undefined && installed.version !== locked) {
    fail(`${location} is ${installed.version} on disk, ${locked} in the lock: run \`npm ci\``);
  }
  // The package without the packages nested under it: those are copied when reached.
  const nested = path.join(from, 'node_modules');
  place(from, path.join(target, location), (source) => source !== nested);
}

for (const [location, workspace] of links) {
  const at = path.join(target, location);
  if (!existsSync(path.join(target, workspace))) {
    fail(`${location} links to ${workspace}, which is not in the tree`);
  }
  mkdirSync(path.dirname(at), { recursive: true });
  symlinkSync(path.relative(path.dirname(at), path.join(target, workspace)), at);
}

// --- Nothing in the tree may point outside it ---

const realTarget = realpathSync(target);
let files = 0;
let bytes = 0;
function check(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isSymbolicLink()) {
      const pointsTo = path.resolve(folder, readlinkSync(full));
      const real = existsSync(pointsTo) ? realpathSync(pointsTo) : pointsTo;
      if (real !== realTarget && !real.startsWith(realTarget + path.sep)) {
        fail(`${path.relative(target, full)} links outside the tree`);
      }
      continue;
    }
    if (entry.isDirectory()) check(full);
    else {
      files += 1;
      bytes += lstatSync(full).size;
    }
  }
}
check(target);

const megabytes = (bytes / 1024 / 1024).toFixed(0);
console.log(
  `release-tree: ${String(copied.size)} packages, ${String(files)} files, ${megabytes} MB in ${target}`,
);
if (!statSync(path.join(target, 'node_modules/tsx')).isDirectory()) {
  fail('tsx, which starts the server, is not among the production dependencies');
}
