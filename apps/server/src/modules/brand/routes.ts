import type { FastifyPluginCallback } from 'fastify';
import { hexToRgb } from '@nestling/shared/contrast';
import { brandShades } from './colors.ts';
import type { Logo } from './logo.ts';

/** Where the web app finds the lab's colors and logo; index.html links them when set. */
export const BRAND_STYLESHEET_PATH = '/brand/theme.css';
export const BRAND_LOGO_PATH = '/brand/logo';

/**
 * The stylesheet that gives the theme the lab's color: the theme draws everything with the
 * ten shades of its primary color (theme.ts), so replacing those variables is enough. Loaded
 * after the app's own stylesheet, and its selectors weigh more, so it wins either way.
 */
export function brandStylesheet(color: string): string {
  const shades = brandShades(color);
  const [red, green, blue] = hexToRgb(color);
  const lines = [
    ...shades.map((shade, index) => `  --mantine-color-nestling-${String(index)}: ${shade};`),
    `  --mantine-color-nestling-outline-hover: rgba(${String(red)}, ${String(green)}, ${String(blue)}, 0.05);`,
  ];
  return `/* The lab's color (BRAND_COLOR ${color}). */\n:root:root,\n:root:root[data-mantine-color-scheme] {\n${lines.join('\n')}\n}\n`;
}

export interface BrandRoutesOptions {
  color: string | null;
  logo: Logo | null;
}

/**
 * The lab's color and logo, when the operator set them (BRAND_COLOR, BRAND_LOGO_FILE). Both are
 * public, like the rest of the page; they are files of the page, not API, so they are not in
 * the OpenAPI document.
 */
export const brandRoutes: FastifyPluginCallback<BrandRoutesOptions> = (app, options, done) => {
  const { color, logo } = options;
  if (color !== null) {
    const stylesheet = brandStylesheet(color);
    app.get(BRAND_STYLESHEET_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply
        .type('text/css; charset=utf-8')
        // Checked again on each load: a changed color shows after a restart, not a year later.
        .header('cache-control', 'no-cache')
        .send(stylesheet),
    );
  }
  if (logo !== null) {
    app.get(BRAND_LOGO_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply
        .type(logo.contentType)
        .header('cache-control', 'no-cache')
        // An SVG opened on its own is a document of the portal's origin: nothing in it may run.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(logo.body),
    );
  }
  done();
};
