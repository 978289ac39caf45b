import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'src/client',
  plugins: [react()],
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
});
