import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { SRC_ALIASES } from './src-aliases.ts';
import { precompressAssets } from './vite.config.ts';

/**
 * The operator console's page (issue 27, src/ops → dist/ops, served on the console's host by
 * src/server/ops/app.ts). A build of its own beside the app's (vite.config.ts): it shares the
 * design system (src/client/components, global.css) and the shared rules and schemas, and nothing
 * of the members' bundles, whose first load it must not change (one build with a third entry
 * pulled console-only modules into the app's first-load chunk).
 */
export default defineConfig({
  root: 'src/ops',
  plugins: [react(), precompressAssets()],
  resolve: { alias: SRC_ALIASES },
  build: {
    outDir: '../../dist/ops',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
});
