import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Two pages are built: the app (src/client/index.html) and the secure card-entry frame
 * (src/card-frame/index.html, served from its own origin). Vite needs one root above both, so the
 * root is src; the app's page is then emitted as client/index.html, and this moves it back to
 * dist/client/index.html where the server looks for it. The frame stays at
 * dist/client/card-frame/index.html. Asset URLs are absolute (/assets/…), so the move changes none.
 */
function appPageAtOutRoot(): Plugin {
  return {
    name: 'app-page-at-out-root',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['client/index.html'];
      if (!page || page.type !== 'asset') return;
      delete bundle['client/index.html'];
      this.emitFile({ type: 'asset', fileName: 'index.html', source: page.source });
    },
  };
}

export default defineConfig(({ mode }) => ({
  root: 'src',
  plugins: [react(), appPageAtOutRoot()],
  resolve: {
    // react-router's package exports only its development build; production builds take the
    // smaller production build it ships beside it (no dev warnings, a few kB less to download).
    alias: mode === 'production'
      ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
      : [],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    target: 'es2022',
    // Partner config is injected per request; no inline scripts so the CSP stays strict.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
        cardFrame: fileURLToPath(new URL('./src/card-frame/index.html', import.meta.url)),
      },
    },
  },
  css: { modules: { localsConvention: 'camelCaseOnly' } },
}));
