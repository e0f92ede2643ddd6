import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { pathWithoutQuery } from '../logger.ts';
import { sendError } from './errors.ts';

export interface WebAppOptions {
  /** The built web app: index.html and Vite's hashed files under assets/. */
  distDir: string;
  productName: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

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

/** index.html with the page title set to '<product> Portal' (spec section 1). */
export function brandIndexHtml(html: string, productName: string): string {
  const title = `<title>${escapeHtml(`${productName} Portal`)}</title>`;
  return /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, title)
    : html.replace(/<\/head>/i, `${title}</head>`);
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
 * index.html (never cached) for every other non-API GET, so that deep links work. Unknown API
 * paths, whatever the method, get the JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: WebAppOptions) => {
    const indexHtml = readIndexHtml(options.distDir);
    const brandedIndex = indexHtml === null ? null : brandIndexHtml(indexHtml, options.productName);
    if (brandedIndex === null) {
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
        // index.html is answered branded, below, as are directories ('/' above all). API
        // paths never fall through to files.
        allowedPath: (pathname) =>
          pathname !== '/index.html' && !pathname.endsWith('/') && !isApiPath(pathname),
        setHeaders: (reply, filePath) => {
          const relative = path.relative(options.distDir, filePath).split(path.sep).join('/');
          reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
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
      if (brandedIndex === null) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send(
            'The web app has not been built yet. Run `npm run build`, then restart the server. ' +
              'The API under /api works meanwhile.\n',
          );
      }
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(brandedIndex);
    });
  },
  { name: 'web-app' },
);
