// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the build, at the
// strongest settings, for the server to send to browsers that accept them (see
// apps/server/src/plugins/web-app.ts). Run after `vite build` (the `build` script does).
//
// Left out: index.html, which the server brands at start and compresses itself; source maps,
// which only developer tools fetch; and a copy that would not be smaller than the file.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT_FILE = /\.(?:js|mjs|css|html|svg|txt|json|webmanifest|xml)$/;

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file under `dir`, leaving out dot-directories such as Vite's .vite/ manifest. */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : filesUnder(path);
      return [path];
    }),
  );
  return nested.flat();
}

const files = (await filesUnder(dist)).filter(
  (file) => TEXT_FILE.test(file) && relative(dist, file) !== 'index.html',
);

let written = 0;
let plainBytes = 0;
let brotliBytes = 0;
await Promise.all(
  files.map(async (file) => {
    const content = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    plainBytes += content.length;
    brotliBytes += Math.min(br.length, content.length);
    for (const [copy, extension] of [
      [br, '.br'],
      [gz, '.gz'],
    ]) {
      if (copy.length >= content.length) continue;
      await writeFile(`${file}${extension}`, copy);
      written += 1;
    }
  }),
);

console.log(
  `Compressed ${files.length} files (${written} copies written): ` +
    `${(plainBytes / 1024).toFixed(0)} kB, ${(brotliBytes / 1024).toFixed(0)} kB with brotli`,
);
