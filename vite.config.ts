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
 * Keeps the entry's stylesheet out of the lists of files the app's code asks for on demand. Every
 * page already has it: index.html links it, and the server puts it inside the pages it renders
 * (decision 101). Left in, a chunk that imports the entry finds no `<link>` for it on a page where it
 * is inline and adds one, so the page downloads and applies the same 69 KB of rules a second time
 * while the app starts (decision 108). Runs after the page's link is written, before the lists are.
 */
function entryStylesheetOnce(): Plugin {
  return {
    name: 'gemcast-entry-stylesheet-once',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) chunk.viteMetadata?.importedCss.clear();
    },
  };
}

/**
 * Marks the chunks the app starts with so Chromium compiles all their functions while it streams
 * them in, off the main thread, instead of one by one on the main thread the first time each is
 * called (V8's explicit compile hints; other browsers read a comment). Those first calls are the
 * app's start-up: React's own set-up and its first render over the server's screen (decision 108).
 */
function compileEagerly(chunkNames: readonly string[]): Plugin {
  return {
    name: 'gemcast-compile-eagerly',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name)) continue;
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        // One line more at the top: the source map's lines move down by one.
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
      }
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
  plugins: [react(), tailwindcss(), preloadFonts(), entryStylesheetOnce(), compileEagerly(['react', 'start-app'])],
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
