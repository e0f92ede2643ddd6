import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * The project runs on one Node.js LTS line (.nvmrc, package.json's engines, ADR 001). A test
 * run on an older Node, or a PATH whose `node` is not the one running the tests, would test
 * something other than what is deployed.
 */
const root = new URL('../../../', import.meta.url);
const wantedMajor = Number(readFileSync(new URL('.nvmrc', root), 'utf8').trim());
const engines = (
  JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('the runtime', () => {
  it('is the Node.js major version in .nvmrc, which package.json requires', () => {
    expect(wantedMajor).toBe(24);
    expect(engines).toBe(`>=${String(wantedMajor)}`);
    expect(process.version).toMatch(new RegExp(`^v${String(wantedMajor)}\\.`));
  });

  it('is also the `node` that npm scripts and the servers the tests start find on the PATH', () => {
    const printed = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim();
    expect(printed).toBe(process.version);
  });
});
