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

export default defineConfig({
  root: here('.'),
  base: '/charge/',
  plugins: [react(), cataloguePlugin()],
  resolve: {
    alias: {
      '@web': here('./src'),
      '@shared': here('../shared'),
    },
  },
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      // Chakra's theme module builds its whole theme with `defineConfig` (an identity function) when loaded:
      // called as a pure function, the theme and its recipes go only where used (components/ui/system.ts).
      treeshake: { manualPureFunctions: ['defineConfig'] },
      output: {
        // React and the router change less often than the console: their chunk stays cached across deploys,
        // and every page needs it. Other libraries go with the chunks that import them (a shared group would
        // load every library with the login page); docs/decisions/431-console-on-react-and-recharts.md.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|use-sync-external-store)[\\/]/,
            },
            // recharts and what it brings (nothing else in the console uses these): only the chart screens
            // load it.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[\w-]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant|clsx|@standard-schema)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
