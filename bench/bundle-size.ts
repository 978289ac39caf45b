import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean; src?: string };
type Manifest = Record<string, ManifestChunk>;

/** Files a browser downloads for a chunk: the chunk and its static imports, recursively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The app's page (the build also has the card frame's page as an entry; vite.config.ts). */
export const APP_ENTRY = 'client/index.html';

/** docs/architecture.md budgets: first-load JavaScript of / and /search, gzip, in kB of 1,024 bytes. */
export const FIRST_LOAD_BUDGET_KB = 120;

/** The route screens whose first load the benches measure (module keys of the Vite manifest). */
export const FIRST_LOAD_ROUTES = { '/': 'client/routes/home/home-route.tsx', '/search': 'client/routes/search/search-route.tsx' } as const;

/** Bytes a browser receives for a built file: the precompressed variant the server sends if the build wrote one. */
export function sentBytes(distDir: string, file: string, encoding: 'br' | 'gz'): number {
  const full = path.join(distDir, file);
  // The build (vite.config.ts) skips variants that would not be smaller; the plain file goes out then.
  return existsSync(`${full}.${encoding}`) ? statSync(`${full}.${encoding}`).size : statSync(full).size;
}

/**
 * JavaScript of the first load of a route: the entry with its static imports plus the lazy
 * route module (and its imports) that the router loads before it renders. Module keys are paths
 * under src/ (the Vite root), e.g. 'client/routes/home/home-route.tsx'. The sizes are the bytes the
 * server really sends (assets are precompressed at build time, @fastify/static preCompressed):
 * brotli for browsers that accept it (all current ones), gzip for the others, and uncompressed.
 */
export function firstLoadJs(distDir: string, routeModules: Record<string, string> = FIRST_LOAD_ROUTES) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = manifest[APP_ENTRY]?.isEntry ? APP_ENTRY : Object.keys(manifest).find((k) => manifest[k]!.isEntry && !k.startsWith('card-frame/'))!;
  const result: Record<string, { files: number; fileNames: string[]; rawBytes: number; brotliBytes: number; gzipBytes: number }> = {};
  for (const [route, moduleKey] of Object.entries(routeModules)) {
    // A route module missing from the manifest (e.g. merged into a manual chunk) would silently count
    // as nothing: refuse instead of printing a figure that is too small.
    if (!manifest[moduleKey]) throw new Error(`${moduleKey} is not a chunk of the build's manifest: its first load cannot be counted`);
    const keys = new Set([...closure(manifest, entryKey), ...closure(manifest, moduleKey)]);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const sum = (size: (f: string) => number) => files.reduce((total, f) => total + size(f), 0);
    result[route] = {
      files: files.length,
      fileNames: files,
      rawBytes: sum((f) => statSync(path.join(distDir, f)).size),
      brotliBytes: sum((f) => sentBytes(distDir, f, 'br')),
      gzipBytes: sum((f) => sentBytes(distDir, f, 'gz')),
    };
  }
  return result;
}
