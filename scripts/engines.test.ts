import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * The Node versions package.json promises (engines.node, README "Run it") are ones every installed
 * package supports: `npm install` on the oldest of them warns of no package (EBADENGINE). The
 * packages are package-lock.json's, which is what `npm install` and `npm ci` install.
 */
const semver = createRequire(import.meta.url)('semver') as {
  minVersion: (range: string) => { version: string } | null;
  satisfies: (version: string, range: string) => boolean;
};

type LockEntry = { version?: string; engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean };
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };

describe('Node versions', () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it('the running Node is one package.json declares', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node), `Node ${process.versions.node}, package.json says ${pkg.engines.node}`).toBe(true);
  });

  it(`every package npm installs supports the oldest declared Node (${oldest})`, () => {
    const misfits = Object.entries(lock.packages)
      // An optional package whose engines do not fit is skipped by npm without a warning (rollup's
      // @napi-rs/lzma build helper); nothing needs it at run time.
      .filter(([path, entry]) => path !== '' && !entry.optional)
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(oldest, range) ? [`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs Node ${range}`] : [];
      });
    expect(misfits).toEqual([]);
  });
});
