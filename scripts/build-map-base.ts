/**
 * Writes the map's offline base layer (src/server/modules/map-base) to dist/map-base, with brotli
 * and gzip copies at the maximum levels, so the server sends the files as they are. Run
 * beside the two `vite build`s (npm run build; concurrently, which measured faster on 2 cores: bench/RESULTS.md);
 * the server builds them itself when they are missing.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { buildMapBase } from '../src/server/modules/map-base/map-base.build';
import { mapBaseDir } from '../src/server/modules/map-base/map-base.routes';

const dir = mapBaseDir(path.resolve('dist/client'));
const started = Date.now();
const files = await buildMapBase();
await rm(dir, { recursive: true, force: true });
await mkdir(dir, { recursive: true });
let raw = 0;
let br = 0;
for (const [name, text] of files) {
  const body = Buffer.from(text);
  const brotli = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  raw += body.length;
  br += brotli.length;
  const file = path.join(dir, `${name}.json`);
  await Promise.all([writeFile(file, body), writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))]);
}
console.log(`map base layer: ${files.size} files, ${(raw / 1024).toFixed(0)} kB (${(br / 1024).toFixed(0)} kB brotli) in ${path.relative(process.cwd(), dir)}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
