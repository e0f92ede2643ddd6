import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The logo files a lab may give (BRAND_LOGO_FILE), by name. */
export const LOGO_FILE_TYPE = /\.(?:svg|png|webp)$/i;

/** A header logo larger than this is a photograph or an uncompressed export, not a logo. */
export const MAX_LOGO_BYTES = 256 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

export interface Logo {
  body: Buffer;
  contentType: string;
}

/** Whether the bytes are what the name says: PNG's and WebP's signatures, an <svg> element. */
function looksLike(extension: string, body: Buffer): boolean {
  if (extension === '.png') {
    return body
      .subarray(0, 8)
      .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  }
  if (extension === '.webp') {
    return (
      body.subarray(0, 4).toString('latin1') === 'RIFF' &&
      body.subarray(8, 12).toString('latin1') === 'WEBP'
    );
  }
  return /<svg[\s>]/i.test(body.subarray(0, 4096).toString('utf8'));
}

/**
 * Reads the lab's logo once, at start. Throws a message that names the setting and the problem
 * (missing, too large, not the type its name says), so a wrong file stops the server instead
 * of showing a broken image to every patient.
 */
export function readLogo(file: string): Logo {
  const extension = path.extname(file).toLowerCase();
  const contentType = CONTENT_TYPES[extension];
  if (contentType === undefined) {
    throw new Error(`BRAND_LOGO_FILE ${file} must be an .svg, .png or .webp file.`);
  }
  let body: Buffer;
  try {
    body = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new Error(`BRAND_LOGO_FILE ${file} cannot be read (${code}).`);
  }
  if (body.length > MAX_LOGO_BYTES) {
    throw new Error(
      `BRAND_LOGO_FILE ${file} is ${String(Math.ceil(body.length / 1024))} kB; a logo may be ` +
        `at most ${String(MAX_LOGO_BYTES / 1024)} kB.`,
    );
  }
  if (!looksLike(extension, body)) {
    throw new Error(`BRAND_LOGO_FILE ${file} is not a ${extension.slice(1).toUpperCase()} image.`);
  }
  return { body, contentType };
}
