import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { runtimeConfigSchema, type RuntimeConfig } from '@nestling/shared/contract/config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@nestling/shared/runtime-config-element';
import { SIGN_IN_PAGE } from '@nestling/shared/sign-in-page';
import { runtimeConfig } from '../modules/config/service.ts';
import { pathWithoutQuery } from '../logger.ts';
import { sendError } from './errors.ts';

export interface WebAppOptions {
  /** The built web app: index.html and Vite's hashed files under assets/. */
  distDir: string;
  brand: IndexBrand;
}

/** What index.html shows of the brand before the app runs. */
export interface IndexBrand {
  productName: string;
  /** The lab's colors (modules/brand/routes.ts), linked after the app's own stylesheet. */
  stylesheetPath: string | null;
  /** The lab's logo, shown in the static shell's header instead of the mark and the name. */
  logoPath: string | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const COMPRESSED_COPY = /\.(?:br|gz)$/;

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * index.html with the page title set to '<product> Portal' (spec section 1), the product name
 * (or the lab's logo) in the static shell's header, which shows until the app's first render,
 * and the lab's colors linked when set.
 */
export function brandIndexHtml(html: string, brand: IndexBrand): string {
  const { productName, stylesheetPath, logoPath } = brand;
  const title = `<title>${escapeHtml(`${productName} Portal`)}</title>`;
  // Replaced by functions: a `$` in the name is no replacement pattern.
  let branded = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}</head>`);
  if (stylesheetPath !== null) {
    const link = `<link rel="stylesheet" href="${escapeHtml(stylesheetPath)}" />`;
    branded = branded.replace(/<\/head>/i, () => `${link}</head>`);
  }
  if (logoPath !== null) {
    const image = `<img class="static-shell-logo-image" src="${escapeHtml(logoPath)}" alt="${escapeHtml(productName)}" />`;
    return branded
      .replace(/<svg[^>]*class="static-shell-mark"[\s\S]*?<\/svg>\s*/g, '')
      .replace(/<span data-static-shell-product>[^<]*<\/span>/g, () => image);
  }
  return branded.replace(
    /(<span data-static-shell-product>)[^<]*(<\/span>)/g,
    (_match, open: string, close: string) => `${open}${escapeHtml(productName)}${close}`,
  );
}

/**
 * index.html as /signin is answered: the static shell shows the sign-in page's title and lead,
 * where the web app will draw them, with its loading line below. Everyone signed out lands on
 * /signin, and its first words then show as soon as the HTML and CSS have arrived (the largest
 * text is painted once, not again when the app's script has run). Paragraphs rather than a
 * heading: tests and assistive technology wait for the app's own h1.
 */
export function signInShellHtml(html: string): string {
  const content =
    '<div class="static-shell-page">' +
    `<p class="static-shell-title">${escapeHtml(SIGN_IN_PAGE.title)}</p>` +
    `<p class="static-shell-lead">${escapeHtml(SIGN_IN_PAGE.lead)}</p>` +
    `<p class="static-shell-status static-shell-status-below" role="status">${escapeHtml(SIGN_IN_PAGE.loading)}</p>` +
    '</div>';
  return html.replace(
    /(<main[^>]*data-static-shell-main[^>]*>)[\s\S]*?(<\/main>)/,
    (_match, open: string, close: string) => `${open}${content}${close}`,
  );
}

/**
 * index.html with the runtime config in it, as GET /api/config answers it: the web app reads it
 * from there instead of asking before its first render. Data, never run (the content security
 * policy allows no inline script); `<` is escaped so that no value can close the element.
 */
export function embedRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replaceAll('<', '\\u003c');
  const element = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
  return html.replace(/<\/head>/i, () => `${element}</head>`);
}

/** What the build compresses its files into (apps/web/scripts/compress.mjs), best first. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/**
 * The best encoding an Accept-Encoding header allows, or undefined for none: the client's
 * preference (q) first, then brotli before gzip. `*` stands for any encoding not named.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name !== '') weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  let best: Encoding | undefined;
  let bestWeight = 0;
  for (const encoding of ENCODINGS) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

/** index.html as sent: compressed once, at start, in each encoding the build uses. */
interface IndexHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressIndexHtml(html: string): IndexHtml {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
      },
    }),
    gzip: gzipSync(identity, { level: zlibConstants.Z_BEST_COMPRESSION }),
  };
}

function readIndexHtml(distDir: string): string | null {
  try {
    return readFileSync(path.join(distDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Serves the built web app: its files as they are, hashed assets cached for a year, and
 * index.html (branded, with the runtime config, never cached) for every other non-API GET, so
 * that deep links work. Each file goes brotli- or gzip-compressed to clients that accept it (the
 * build writes the compressed copies beside the files), plain to the others. Unknown API paths,
 * whatever the method, get the JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: WebAppOptions) => {
    const indexHtml = readIndexHtml(options.distDir);
    const preparedIndex =
      indexHtml === null
        ? null
        : embedRuntimeConfig(
            brandIndexHtml(indexHtml, options.brand),
            // Checked against the contract once, here, rather than in every browser.
            runtimeConfigSchema.parse(runtimeConfig(app.config)),
          );
    // Every page's index.html, and /signin's with the page's first words in its static shell.
    const indexes =
      preparedIndex === null
        ? null
        : {
            page: compressIndexHtml(preparedIndex),
            signIn: compressIndexHtml(signInShellHtml(preparedIndex)),
          };
    if (indexes === null) {
      app.log.warn(
        `No web app in ${options.distDir}: run \`npm run build\`. The API works without it.`,
      );
    } else {
      await app.register(fastifyStatic, {
        root: options.distDir,
        prefix: '/',
        index: false,
        redirect: false,
        cacheControl: false,
        dotfiles: 'ignore',
        // file.br or file.gz, when the client accepts that encoding and the build wrote it.
        preCompressed: true,
        // index.html is answered branded, below, as are directories ('/' above all). API
        // paths never fall through to files, and the compressed copies are not files of their
        // own.
        allowedPath: (pathname) =>
          pathname !== '/index.html' &&
          !pathname.endsWith('/') &&
          !isApiPath(pathname) &&
          !COMPRESSED_COPY.test(pathname),
        setHeaders: (reply, filePath) => {
          const relative = path.relative(options.distDir, filePath).split(path.sep).join('/');
          reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
          // A file may be answered compressed or not by the request's accept-encoding: a
          // cache in between must keep them apart.
          reply.header('vary', 'accept-encoding');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = pathWithoutQuery(request.url);
      if (isApiPath(pathname)) {
        return sendError(request, reply, 404, `No API route ${request.method} ${pathname}`);
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendError(request, reply, 404, `No route ${request.method} ${pathname}`);
      }
      // A missing hashed file is a real 404: answering index.html would hand the browser HTML
      // for a script and hide a stale deployment.
      if (pathname.startsWith('/assets/')) {
        return sendError(request, reply, 404, `No file ${pathname}`);
      }
      if (indexes === null) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            'The web app has not been built yet. Run `npm run build`, then restart the server. ' +
              'The API under /api works meanwhile.\n',
          );
      }
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding !== undefined) reply.header('content-encoding', encoding);
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send((pathname === '/signin' ? indexes.signIn : indexes.page)[encoding ?? 'identity']);
    });
  },
  { name: 'web-app' },
);
