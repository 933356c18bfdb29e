// Bundles the server into dist/server/*.js with esbuild. Its dependencies stay in node_modules; the
// web code it renders the first screen with (decision 097) comes with React and the libraries the
// web app bundles, which are build-time packages (devDependencies), so the bundle carries them.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
const buildTime = new Set(Object.keys(devDependencies));

/** 'react-dom/server' → 'react-dom', '@tanstack/react-query' → itself. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package import stays external, as before, except those of build-time packages. */
const runtimePackagesExternal = {
  name: 'runtime-packages-external',
  setup(plugin) {
    plugin.onResolve({ filter: /^[^./]/ }, ({ path, kind }) =>
      kind === 'entry-point' || buildTime.has(packageOf(path)) ? undefined : { path, external: true },
    );
  },
};

await build({
  entryPoints: { main: 'src/server/main.ts', staff: 'src/server/cli/staff.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [runtimePackagesExternal],
  // The bundled React renders in its production build (the server's own code does not read NODE_ENV).
  define: { 'process.env.NODE_ENV': '"production"' },
  // React's server renderer is CommonJS that requires Node's modules: an ES module bundle needs `require`.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
