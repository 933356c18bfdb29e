// The web app's build: React + Tailwind, output in dist/web (served by the Fastify server).
// In development Vite serves the app and forwards /api and /media to the server on port 3000.
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const apiServer = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Preloads the Lato files the first screen uses (latin 400, 700, 900). Without it the browser asks
 * for them only once the app has rendered text, and the text moves when they arrive.
 */
function preloadFonts(): Plugin {
  return {
    name: 'gemcast-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => /\/lato-latin-(400|700|900)-normal-[\w-]+\.woff2$/.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * React Router 7's package exports point only at its development build (remix-run/react-router
 * issue 12532), which keeps its warnings; the production build ships beside it. Builds use that
 * one: both entries share the same chunks, so the router context stays one module.
 */
const routerBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  // The end-to-end run builds quietly (VITE_LOG_LEVEL=warn): its output keeps the journeys' errors only.
  logLevel: process.env.VITE_LOG_LEVEL === 'warn' ? 'warn' : 'info',
  plugins: [react(), tailwindcss(), preloadFonts()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // The server reads it to link the first screen's code from the page (server/http/web-page.ts).
    manifest: true,
    sourcemap: true,
    // Every browser we support preloads modules natively; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // esbuild, Vite's default: terser took a minute on the big prebuilt libraries (Agora, hls.js,
    // the password dictionaries) to save about 1 KB gzip on the first load (decision 036).
    minify: 'esbuild',
    // The CSP allows fonts and images from our own origin only, so nothing is inlined as data: URLs.
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships explanatory comments next to its pure annotations; Rollup only notes it drops them.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
      output: {
        // The form stack is shared by the onboarding and profile screens: one cacheable chunk. React
        // gets its own chunk: left unassigned, Rollup moves it into the forms chunk (a dependency of
        // react-hook-form), and every page would then download the form stack to get React.
        manualChunks(id) {
          if (/\/node_modules\/(zod|react-hook-form|@hookform\/resolvers)\//.test(id)) return 'forms';
          if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: true, ws: true },
      '/media': { target: apiServer, changeOrigin: true },
    },
  },
}));
