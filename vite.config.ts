import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { defineConfig, type BuildEnvironmentOptions, type CSSOptions, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { SRC_ALIASES } from './src-aliases.ts';

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

/** Types worth compressing; images other than SVG, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Below this a compressed copy saves too little to be worth a file (the server's on-the-fly threshold too). */
const PRECOMPRESS_MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip level 9) beside every
 * compressible asset of dist/client/assets, so the server sends the precompressed bytes
 * (@fastify/static preCompressed, app.ts) and spends no CPU on them per request. A variant that
 * would not be smaller is not written; the server then sends the file as it is.
 */
export function precompressAssets(): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      // `npm run dev` rebuilds on every change: quick builds there, uncompressed assets are fine.
      if (this.meta.watchMode) return;
      const outDir = options.dir ?? path.resolve('dist/client');
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && COMPRESSIBLE.test(f));
      await Promise.all(files.map(async (file) => {
        const full = path.join(outDir, file);
        const { size } = await stat(full);
        if (size < PRECOMPRESS_MIN_BYTES) return;
        const source = await readFile(full);
        const [br, gzipped] = await Promise.all([
          brotli(source, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          }),
          gz(source, { level: zlibConstants.Z_BEST_COMPRESSION }),
        ]);
        if (br.length < size) await writeFile(`${full}.br`, br);
        if (gzipped.length < size) await writeFile(`${full}.gz`, gzipped);
      }));
    },
  };
}

/**
 * The modules the card frame's page loads (src/card-frame and the shared rules it imports), found
 * once the module graph is known (buildEnd runs before chunking). The app's first-load chunk
 * (output.codeSplitting below) must leave them out: the frame would otherwise load the app's chunk.
 */
function cardFrameModules(): Plugin & { has: (id: string) => boolean } {
  const seen = new Set<string>();
  return {
    name: 'card-frame-modules',
    apply: 'build',
    has: (id) => seen.has(id),
    buildEnd() {
      const entry = [...this.getModuleIds()].find((id) => id.endsWith('/src/card-frame/index.html'));
      const queue = entry ? [entry] : [];
      while (queue.length) {
        const id = queue.pop()!;
        if (seen.has(id)) continue;
        seen.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

/**
 * Modules of the search screen and the results it shows (tiles, favourites, the search
 * rules): one chunk rather than ten small shared ones, which gzip worse and cost a request each.
 * Not the filter panel (it loads when opened, or after the first paint as a column,
 * search-page-parts.tsx), the search form and its location suggestions (after the first paint,
 * search-form-loader.ts) nor the heart's own code (after the first paint,
 * deferred-favorite-button.tsx): only the heart's look.
 * The location-suggestion constant and the form's loader go with them: left out, each stayed in
 * the search route's chunk, which the search chunk then imported (a home carousel loaded the search
 * screen with it; the form's loader, read before that chunk had run, was undefined and the page failed).
 * The tile tags' rules and the map's placeholder (the map itself loads after the first paint) too:
 * only the search screen and the restaurant page (which loads this chunk) use them.
 */
const SEARCH_SCREEN_MODULES = /\/src\/(client\/features\/(search\/(hooks\/|components\/(search-(?!form)|results-list)|search-text|search-storage|search-form-loader|api\/(?!location-predictions))|merchants\/(components\/(merchant-tile|tile-tag)|format|member-tier)|favorites\/components\/(deferred-favorite-button|heart-icon|favorite-button\.module))|shared\/(rules\/(search-query|geolocation|earn-text|tile-tags)|constants\/locations)|client\/features\/map\/components\/map-part)/;

/**
 * The earning policy and what a tile's earn line reads with it (the restaurant's local time, the
 * clock), in one chunk: the search screen's first load needs them all, and apart they came as six
 * small chunks. The restaurant page, discover and the account pages that use the policy load it
 * too. Not the benefit words (rules/merchant-benefits.ts): only the restaurant page shows them.
 * The US time zones' table too (local-now reads it; only this chunk and the rewards' format,
 * which loads this chunk, import it: apart it was one more request on /search's first load).
 * The §9 pagination (and its page-window rule) too: the pages that list pages (search, Reviews &
 * History, the redemptions, the restaurant's reviews) all load this chunk. In the search chunk it
 * made Reviews & History load the whole search screen (10 kB gzip) for it; in a chunk of its own
 * it put /search's first load over its budget (one more request and 0.3 kB of gzip lost).
 */
const EARN_MODULES = /\/src\/(client\/features\/merchants\/earn-line|shared\/rules\/(rewards\/(policy|qualification)|local-now|clock-time|us-time-zones|page-window)|shared\/constants\/rewards|client\/components\/pagination)\.(ts|tsx|module\.css)$/;

/**
 * The home page's e-mail form (on a visitor's first screen, fetched beside the home screen's code:
 * routes.tsx) with the form parts and the mutation it needs, in one chunk: apart they were seven
 * chunks of under 1.3 kB gzip each. The other forms (sign-in, joining, the account) load it for the
 * same parts.
 */
const FORM_MODULES = /\/src\/(client\/(features\/(content-page\/prospect-email-form|enrollment\/api)|lib\/forms|components\/(text-field|field-error|pointer-press)))(\.tsx?|\.module\.css)$|\/@tanstack\/(react-query\/build\/modern\/useMutation|query-core\/build\/modern\/mutationObserver)\.js$/;

/**
 * What any page of this stack (React, the app's router, TanStack Query) is built with: the React
 * plugin, the precompressed assets, the target and the output options. The app's page (below) is built with them, and so is the Lighthouse floor
 * (bench/floor/vite.config.ts: the same stack rendering one heading, which bench/lighthouse.ts
 * measures the app's pages against).
 */
export function stackPlugins(): PluginOption[] {
  return [react(), precompressAssets(), noChunkCycles()];
}

/**
 * The cycles among chunks' static imports (each as the files around it, the first again at the
 * end). Grouping modules into chunks by hand (output.codeSplitting below) can make two chunks import
 * each other; whichever runs second then reads the other's exports before they are set (undefined,
 * not an error at build time): the search screen failed so when its form's loader was left out of
 * the search chunk.
 */
export function chunkCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of imports.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of imports.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Fails the build when chunks import each other statically (chunkCycles). */
export function noChunkCycles(): Plugin {
  return {
    name: 'no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, readonly string[]>();
      for (const [file, out] of Object.entries(bundle)) if (out.type === 'chunk') imports.set(file, out.imports);
      const cycles = chunkCycles(imports);
      if (cycles.length) this.error(`Chunks import each other (fix the chunk groups in vite.config.ts): ${cycles.map((c) => c.join(' → ')).join('; ')}`);
    },
  };
}

/** V8's magic comment: compile every function after it eagerly, off the main thread (Chrome 136+; others ignore it). */
export const COMPILE_HINT_ALL = '//# allFunctionsCalledOnLoad';

/** The build's output options (outDir and inputs are each page's own). */
export const STACK_BUILD = {
  emptyOutDir: true,
  sourcemap: false,
  manifest: true,
  target: 'es2022',
  // Partner config is injected per request; no inline scripts so the CSP stays strict.
  modulePreload: { polyfill: false },
} satisfies BuildEnvironmentOptions;

export const STACK_CSS = { modules: { localsConvention: 'camelCaseOnly' } } satisfies CSSOptions;

export default defineConfig(() => {
  const cardFrame = cardFrameModules();
  return {
  root: 'src',
  plugins: [
    ...stackPlugins(),
    cardFrame,
    appPageAtOutRoot(),
    // The service worker (src/client/worker.ts → dist/client/worker.js, served at /worker.js;
    // docs/pwa.md). The manifest is per partner (served by the server), registration is the app's.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'client',
      filename: 'worker.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['assets/**/*.{js,css,woff2}'],
        // Hashed names: the name is the revision.
        dontCacheBustURLsMatching: /^assets\//,
        rollupFormat: 'iife',
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  resolve: { alias: SRC_ALIASES },
  build: {
    ...STACK_BUILD,
    outDir: '../dist/client',
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
        cardFrame: fileURLToPath(new URL('./src/card-frame/index.html', import.meta.url)),
      },
      // A feature's public entry (features/<f>/index.ts) only re-exports: marked free of side
      // effects so that importing one export does not pull the whole feature into a route's chunk.
      treeshake: { moduleSideEffects: (id) => !/src\/client\/features\/[^/]+\/index\.ts$/.test(id) },
      output: {
        // V8's explicit compile hint (docs/decisions/0017-compile-hints.md): every function of the
        // first chunk (React DOM, the router, the chrome) is compiled on a background thread while it
        // streams in, not one by one on the main thread as the first render calls them.
        // After minification (postBanner), which would drop a comment.
        postBanner: (chunk) => (chunk.isEntry && chunk.name === 'main' ? COMPILE_HINT_ALL : ''),
        codeSplitting: {
          groups: [
            // What the app's page loads at once (React, the router, the query client, the chrome):
            // one chunk, which compresses better than the dozen shared pieces it would otherwise be.
            { name: 'app', priority: 2, tags: ['$initial'], test: (id: string) => !cardFrame.has(id) },
            { name: 'search', priority: 1, includeDependenciesRecursively: false, test: SEARCH_SCREEN_MODULES },
            { name: 'earn', priority: 1, includeDependenciesRecursively: false, test: EARN_MODULES },
            { name: 'forms', priority: 1, includeDependenciesRecursively: false, test: FORM_MODULES },
          ],
        },
      },
    },
  },
  css: STACK_CSS,
  };
});
