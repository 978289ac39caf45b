import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ mode }) => ({
  root: 'src/client',
  plugins: [react()],
  resolve: {
    // react-router's package exports only its development build; production builds take the
    // smaller production build it ships beside it (no dev warnings, a few kB less to download).
    alias: mode === 'production'
      ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
      : [],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    target: 'es2022',
    // Partner config is injected per request; no inline scripts so the CSP stays strict.
    modulePreload: { polyfill: false },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
}));
