import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fp from 'fastify-plugin';
import { isApiPath } from './web-app.ts';

/** Smaller answers gain too little from compression to pay for it. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * JSON and text, besides the types mime-db calls compressible (the API docs' scripts and
 * styles). Unlike @fastify/compress's default, not application/octet-stream: PDFs, ZIP archives
 * and stored documents are compressed already, and stream as they are.
 */
const COMPRESSIBLE = /^(?:text\/|application\/(?:[\w.-]+\+)?json(?:;|$))/;

/**
 * API answers compressed (brotli, else gzip) for clients that accept it, above a size. Must be
 * registered before the routes it covers. The web app's files are compressed at build time and
 * served as they are (web-app.ts), so they are left out here.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    // Before @fastify/compress's own onRoute hook, which reads each route's `compress`.
    app.addHook('onRoute', (route) => {
      if (!isApiPath(route.url)) route.compress = false;
    });
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      customTypes: (type) => COMPRESSIBLE.test(type.toLowerCase()),
      // Answers only: nothing the portal takes in is sent compressed.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
