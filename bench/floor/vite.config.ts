import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { STACK_BUILD, STACK_CSS, stackPlugins } from '../../vite.config.ts';
import { SRC_ALIASES } from '../../src-aliases.ts';

/**
 * The Lighthouse floor's page (bench/floor → .tmp/lighthouse-floor): built with the app's settings
 * (vite.config.ts), by bench/lighthouse.ts when it starts.
 */
export default defineConfig(() => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: stackPlugins(),
  resolve: { alias: SRC_ALIASES },
  build: { ...STACK_BUILD, outDir: '../../.tmp/lighthouse-floor' },
  css: STACK_CSS,
}));
