/**
 * The console SPA: root `web/`, served under `/charge/`, built into `web/dist` (which the local runtime
 * serves and CDK uploads). In dev (`npm run dev:web`) the API, auth and OCPP paths are proxied to the
 * local runtime (`npm start`, port `PORT` or 3000).
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
import { cataloguePlugin } from './src/catalogues/plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;
const proxy: Record<string, ProxyOptions> = {
  '/health': { target: apiTarget },
  '/admin': { target: apiTarget },
  '/auth': { target: apiTarget },
  '/code': { target: apiTarget },
  '/fleets': { target: apiTarget },
  '/biz': { target: apiTarget },
  '/ocpp': { target: apiTarget, ws: true },
};

/**
 * The production build runs the console on Preact's React layer (decision 431): the same components, about
 * 50 KB less gzipped JavaScript on every page. Exact names only, so react-router stays as it is. The dev
 * server and the unit tests keep React (its fast refresh needs React's internals); the browser tests run the
 * production build, so what ships is what they drive.
 */
const preactForReact = [
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ command }) => ({
  root: here('.'),
  base: '/charge/',
  plugins: [react(), cataloguePlugin()],
  resolve: {
    alias: [
      { find: '@web', replacement: here('./src') },
      { find: '@shared', replacement: here('../shared') },
      ...(command === 'build' ? preactForReact : []),
    ],
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // Chakra's theme module builds its whole theme with `defineConfig` (an identity function) when loaded:
      // called as a pure function, the theme and its recipes go only where used (components/ui/system.ts).
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: {
        // Preact and the router change less often than the console: their chunk stays cached across
        // deploys, and every page needs it. Other libraries go with the chunks that import them (a shared group would load every
        // library with the login page).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](preact|react-router|react-router-dom|use-sync-external-store)[\\/]/,
            },
            // The console's own chart code (src/components/ui/chart/, decision 431): only the chart screens load it.
            {
              name: 'charts',
              test: /src[\\/]components[\\/]ui[\\/]chart[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
