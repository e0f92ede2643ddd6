import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The API (apps/server) on the developer machine: `npm run dev` and `vite preview` proxy to it. */
const apiProxy = {
  '/api': { target: 'http://localhost:8080', changeOrigin: false },
};

/**
 * Preloads the typeface's Latin file from index.html. Found only through the stylesheet, it
 * would start after the CSS has arrived, and the page's largest text would be drawn a second
 * time in it later (Lighthouse counted that as a later largest paint). Its name carries the
 * build's hash, so the link is written at build time.
 */
function preloadFont(): Plugin {
  return {
    name: 'preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((file) =>
          /source-sans-3-latin-wght-normal-[^/]*\.woff2$/.test(file),
        );
        if (font === undefined) throw new Error('The typeface file is not in the build');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${font}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * Drops Mantine's dark color scheme rules from every stylesheet. The portal is light only (the
 * static provider fixes the scheme and index.html sets it), so those rules can never match, and
 * they are close to 1 kB of the first page's 15 kB CSS budget (gzip).
 */
const dropDarkScheme: PostcssPlugin = {
  postcssPlugin: 'drop-dark-scheme',
  Rule(rule) {
    const isDark = (selector: string) => /\[data-mantine-color-scheme=['"]?dark/.test(selector);
    if (!rule.selectors.some(isDark)) return;
    const kept = rule.selectors.filter((selector) => !isDark(selector));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  },
};

export default defineConfig({
  css: { postcss: { plugins: [dropDarkScheme] } },
  plugins: [
    // The router plugin must come before the React plugin.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    preloadFont(),
  ],
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page runs on, in one chunk, and the rest of what the first page
          // needs in the entry chunk: left to the automatic splitting, each module the first
          // page shares with a lazy page goes into a small chunk of its own, and many small
          // chunks compress worse than one (the /signin budget pays) and cost more requests.
          groups: [
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](?:@tanstack[\\/](?:react-router|router-core|history|store|react-store)|react|react-dom|scheduler|use-sync-external-store)[\\/]/,
            },
            // TanStack Query comes with the query layer (src/app/query-layer.ts): every page
            // but /signin signed out loads it, so it stays one chunk of its own.
            {
              name: 'query',
              priority: 2,
              test: /node_modules[\\/]@tanstack[\\/](?:query-core|react-query)[\\/]/,
            },
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // Mantine's everyday components (text, layout, buttons, cards, alerts, inputs)
            // in one chunk for the pages that draw them (every page but /signin): left to the
            // automatic splitting, each is a chunk of its own and a page waits for thirty small
            // requests. Rarer ones (tables, dialogs, scroll areas, tabs) stay with their pages; what
            // the first page needs stays in its chunks (the groups above come first).
            {
              name: 'mantine',
              priority: 0,
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](?:core|components[\\/](?:Alert|Anchor|Badge|Box|Button|Card|CloseButton|Group|Input|List|Loader|Paper|Stack|Text|Title|Transition|UnstyledButton|VisuallyHidden))[\\/]/,
            },
          ],
        },
      },
    },
    manifest: true,
    sourcemap: true,
    modulePreload: {
      // Every browser the portal supports has <link rel="modulepreload">.
      polyfill: false,
      // index.html preloads what the first page needs. A lazily loaded page does not preload
      // its chunks' imports: that list, for 90 routes, would cost /signin 2.5 kB of the budget,
      // and TanStack Router already loads a page's code when a link to it is hovered.
      resolveDependencies: (_file, dependencies, { hostType }) =>
        hostType === 'html' ? dependencies : [],
    },
  },
  server: { proxy: apiProxy },
  preview: {
    proxy: apiProxy,
    // The server's policy, without 'unsafe-inline' for styles: the app injects no <style>
    // elements (see src/app/static-mantine-provider.tsx), and `vite preview` shows if it ever does.
    headers: {
      'Content-Security-Policy':
        "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
    },
  },
});
