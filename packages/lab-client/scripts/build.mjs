// `npm run build -w packages/lab-client [-- <outDir>]`: the package labs install, in dist/ (or
// outDir): the client and the contract files it uses compiled to JavaScript with their types,
// and a package.json that names only zod. `npm publish packages/lab-client/dist` publishes it.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const packageDir = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(packageDir, 'dist'));
const source = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(
  process.execPath,
  [tsc, '-p', path.join(packageDir, 'tsconfig.build.json'), '--outDir', outDir],
  { stdio: 'inherit' },
);
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

// TypeScript rewrites the sources' './x.ts' imports in the JavaScript it writes, not in the
// declarations: there './x.js' is what every consumer's TypeScript resolves.
for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, text.replace(/(from\s+['"]\.{1,2}\/[^'"]*)\.ts(['"])/g, '$1.js$2'));
}

const entry = './lab-client/src/index';
writeFileSync(
  path.join(outDir, 'package.json'),
  `${JSON.stringify(
    {
      name: source.name,
      version: source.version,
      description: source.description,
      license: source.license,
      type: 'module',
      engines: { node: '>=20' },
      exports: { '.': { types: `${entry}.d.ts`, default: `${entry}.js` } },
      dependencies: source.dependencies,
    },
    null,
    2,
  )}\n`,
);
copyFileSync(path.join(packageDir, 'README.md'), path.join(outDir, 'README.md'));
copyFileSync(path.join(packageDir, '..', '..', 'LICENSE'), path.join(outDir, 'LICENSE'));
console.log(
  `Built ${source.name} ${source.version} in ${path.relative(process.cwd(), outDir) || '.'}`,
);
