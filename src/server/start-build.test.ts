import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildWebApp } from './start-build';

// A stand-in `npm` first on the PATH: it records how it was called and ends as the test says.
const dirs: string[] = [];
function fakeNpm(script: string): { calls: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-npm-'));
  dirs.push(dir);
  const calls = path.join(dir, 'calls');
  writeFileSync(path.join(dir, 'npm'), `#!/bin/sh\necho "$@" >> ${calls}\n${script}\n`);
  chmodSync(path.join(dir, 'npm'), 0o755);
  vi.stubEnv('PATH', `${dir}${path.delimiter}${process.env.PATH}`);
  return { calls };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('buildWebApp (npm start builds beside the database)', () => {
  it('runs npm run build, keeps its output to itself and says when it is done', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { calls } = fakeNpm('echo "vite: 120 chunks"; exit 0');
    await buildWebApp();
    expect(readFileSync(calls, 'utf8').trim()).toBe('run --silent build');
    const printed = log.mock.calls.map((c) => String(c[0]));
    expect(printed.some((l) => /^Web app built in \d+\.\d s\.$/.test(l))).toBe(true);
    expect(printed.join('\n')).not.toContain('vite: 120 chunks');
  });

  it('builds for production even when the server runs with NODE_ENV=development (React\'s production code)', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.stubEnv('NODE_ENV', 'development');
    const { calls } = fakeNpm('echo "NODE_ENV=$NODE_ENV" >> "$(dirname "$0")/calls"; exit 0');
    await buildWebApp();
    expect(readFileSync(calls, 'utf8')).toContain('NODE_ENV=production');
  });

  it('fails with the end of the build\'s output when the build fails', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    fakeNpm('echo "error TS2322: Type string is not assignable" >&2; exit 2');
    await expect(buildWebApp()).rejects.toThrow(/build failed \(npm run build, exit code 2\):\nerror TS2322: Type string is not assignable/);
  });
});
