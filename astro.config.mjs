// @ts-check
import netlify from '@astrojs/netlify';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { policyRedirects } from './src/features/policies/redirects.ts';
import { recordChunkGraph } from './src/lib/build/chunk-graph.ts';
import { clientChunks } from './src/lib/build/client-chunks.ts';
import { criticalCss } from './src/lib/build/critical-css.ts';
import { securityHeadersFile } from './src/lib/build/security-headers.ts';
import { withoutStandIns } from './src/lib/build/stand-ins.ts';
import { seoSitemap } from './src/lib/seo/sitemap.ts';

// ADAPTER=node builds a standalone server for the local run and e2e (astro preview does not
// support the Netlify adapter); every other build targets Netlify.
const local = process.env.ADAPTER === 'node';
const adapter = local ? node({ mode: 'standalone' }) : netlify();

// Netlify sets URL at build time; SITE_URL overrides it, localhost is the local default.
const site = process.env.SITE_URL ?? process.env.URL ?? 'http://localhost:4321';

// The client bundle's static imports: each page preloads what its scripts import (module-preload.ts).
const chunkGraph = recordChunkGraph();

export default defineConfig({
  site,
  output: 'static',
  adapter,
  trailingSlash: 'ignore',
  // src/middleware.ts does the same origin check, except for RFC 8058 one-click unsubscribes.
  security: { checkOrigin: false },
  i18n: {
    locales: ['nl', 'en', 'de'],
    defaultLocale: 'nl',
    routing: { prefixDefaultLocale: false },
  },
  // securityHeadersFile() after criticalCss(): it hashes the inline scripts of the rewritten pages.
  integrations: [
    react(),
    ...seoSitemap(site),
    criticalCss({ graph: chunkGraph.graph }),
    chunkGraph.integration,
    securityHeadersFile(),
  ],
  // Shop-policy aliases, from one source: the Netlify adapter writes them to _redirects, the node
  // server answers them itself (both 301).
  redirects: policyRedirects(),
  // The one stylesheet stays a file; criticalCss() inlines what each page's first screen needs and
  // loads the rest without blocking. Fonts are system fonts, so no text waits for a font either.
  // Four pages in flight while prerendering: one page's file is written while the next renders
  // (a 2,000-product build: prerendering 44-49 s -> 42-44 s, same output byte for byte).
  build: { inlineStylesheets: 'never', concurrency: 4 },
  image: {
    // Storefront pictures of a real store come from Shopify's CDN; astro:assets may optimize them
    // (the Netlify Image CDN does so when deployed).
    remotePatterns: [{ protocol: 'https', hostname: 'cdn.shopify.com' }],
  },
  vite: {
    // The deployed server bundle leaves the local catalog and stack out (src/lib/build/stand-ins.ts).
    plugins: [tailwindcss(), ...clientChunks(), chunkGraph.plugin, ...(local ? [] : [withoutStandIns()])],
  },
});
