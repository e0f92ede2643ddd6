// `npm start`: build the web app when its build is missing or older than its sources, then
// run the server in this process (TypeScript loaded through tsx).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildStamp = join(root, 'apps/web/dist/.vite/manifest.json');
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/shared/src',
  'package-lock.json',
].map((path) => join(root, path));

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stats.mtimeMs,
  );
}

function webBuildIsCurrent() {
  if (!existsSync(buildStamp)) return false;
  const builtAt = statSync(buildStamp).mtimeMs;
  return webSources.every((path) => newestChange(path) <= builtAt);
}

if (!webBuildIsCurrent()) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The web app did not build; the server was not started.');
    process.exit(build.status ?? 1);
  }
}

register();
await import('../apps/server/src/main.ts');
