import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LOGO_BYTES, readLogo } from './logo.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'nestling-logo-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, body: string | Buffer): string {
  const filePath = path.join(dir, name);
  writeFileSync(filePath, body);
  return filePath;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('readLogo', () => {
  it('reads an SVG, a PNG and a WebP with their content types', () => {
    const svg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>';
    expect(readLogo(file('logo.svg', svg))).toEqual({
      body: Buffer.from(svg),
      contentType: 'image/svg+xml',
    });
    const png = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(16)]);
    expect(readLogo(file('logo.PNG', png)).contentType).toBe('image/png');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]);
    expect(readLogo(file('logo.webp', webp)).contentType).toBe('image/webp');
  });

  it('refuses a file that is missing, of another type, too large, or not what its name says', () => {
    const missing = path.join(dir, 'nowhere.svg');
    expect(() => readLogo(missing)).toThrow(`BRAND_LOGO_FILE ${missing} cannot be read (ENOENT).`);
    const gif = file('logo.gif', 'GIF89a');
    expect(() => readLogo(gif)).toThrow(
      `BRAND_LOGO_FILE ${gif} must be an .svg, .png or .webp file.`,
    );
    const large = file('large.png', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(MAX_LOGO_BYTES)]));
    expect(() => readLogo(large)).toThrow(
      `BRAND_LOGO_FILE ${large} is 257 kB; a logo may be at most 256 kB.`,
    );
    const notPng = file('text.png', 'hello');
    expect(() => readLogo(notPng)).toThrow(`BRAND_LOGO_FILE ${notPng} is not a PNG image.`);
    const notSvg = file('page.svg', '<html><body>not a logo</body></html>');
    expect(() => readLogo(notSvg)).toThrow(`BRAND_LOGO_FILE ${notSvg} is not a SVG image.`);
  });
});
