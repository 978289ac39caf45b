import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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

/**
 * JavaScript (gzip) of the first load of a route: the entry with its static imports plus the lazy
 * route module (and its imports) that the router loads before it renders. Module keys are paths
 * under src/ (the Vite root), e.g. 'client/routes/home/home-route.tsx'.
 */
export function firstLoadJs(distDir: string, routeModules: Record<string, string>) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = manifest[APP_ENTRY]?.isEntry ? APP_ENTRY : Object.keys(manifest).find((k) => manifest[k]!.isEntry && !k.startsWith('card-frame/'))!;
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file))).length;
  const result: Record<string, { files: number; gzipBytes: number }> = {};
  for (const [route, moduleKey] of Object.entries(routeModules)) {
    const keys = new Set([...closure(manifest, entryKey), ...(manifest[moduleKey] ? closure(manifest, moduleKey) : [])]);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    result[route] = { files: files.length, gzipBytes: files.reduce((sum, f) => sum + gz(f), 0) };
  }
  return result;
}
