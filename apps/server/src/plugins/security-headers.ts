import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_DONE_PATH,
  GOOGLE_START_PATH,
} from '@nestling/shared/google-sign-in';
import { mapsKeyOf, STATIC_MAPS_ORIGIN } from '@nestling/shared/contract/clinics';
import { pathWithoutQuery } from '../logger.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The pages and redirects the Google sign-in popup passes through on the portal's side. They
 * are sent without an opener policy: a popup that goes from Google (no policy) to a page with
 * one is moved into a new browsing context group, and the sign-in page that opened it could no
 * longer see whether it was closed, nor could it close itself. ADR 008.
 */
const googlePopupPaths = new Set([GOOGLE_START_PATH, GOOGLE_CALLBACK_PATH, GOOGLE_DONE_PATH]);

/**
 * Where the web app may send requests: its own origin (GET /api/config, and the API when it is
 * this portal's), and the origin of APP_ENV's backend when that is another (ADR 003). Exactly
 * that origin: a backend's address is not a license for its whole domain.
 */
export function connectSources(apiBaseUrl: string): string[] {
  return URL.canParse(apiBaseUrl) ? ["'self'", new URL(apiBaseUrl).origin] : ["'self'"];
}

/**
 * Where images may come from: the portal itself, and the static map images of /clinics only
 * when a maps key is set (ADR 021).
 */
export function imageSources(mapsKey: string | null): string[] {
  return mapsKey === null ? ["'self'", 'data:'] : ["'self'", 'data:', STATIC_MAPS_ORIGIN];
}

/**
 * Security headers on every response, the web app's and the API's. No inline scripts; inline
 * style attributes only.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          // Mantine sets CSS variables in style attributes; <style> elements stay forbidden
          // (ADR 004). Browsers without CSP level 3 fall back to style-src.
          styleSrc: ["'self'", "'unsafe-inline'"],
          styleSrcElem: ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: imageSources(mapsKeyOf(app.config.keys, app.config.appEnv)),
          fontSrc: ["'self'", 'data:'],
          connectSrc: connectSources(app.config.apiBaseUrl),
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
      },
      // Set below, and only over TLS: over plain HTTP it would be ignored or, behind a
      // misconfigured proxy, pin a site that does not serve HTTPS.
      strictTransportSecurity: false,
      // Every other page keeps cross-origin windows out, but keeps its hold on the popups it
      // opens (Google sign-in), which 'same-origin' would cut off as soon as they leave.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
    });

    app.addHook('onRequest', async (request, reply) => {
      if (googlePopupPaths.has(pathWithoutQuery(request.url))) {
        reply.header('cross-origin-opener-policy', 'unsafe-none');
      }
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
      }
    });
  },
  { name: 'security-headers' },
);
