import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import path from 'node:path';

/** A node process running a TypeScript file through tsx, with its output collected. */
export type Child = {
  process: ChildProcess;
  pid: number;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when stdout has a line matching re (rejects if the process ends first or after timeoutMs). */
  waitFor: (re: RegExp, timeoutMs?: number) => Promise<string>;
  /** Resolves with the exit code (or the signal's name) once the process ended. */
  exited: Promise<number | string>;
};

const running = new Set<ChildProcess>();

export function spawnTs(file: string, args: string[], opts: SpawnOptions = {}): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(file), ...args], { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
  child.stderr?.on('data', (d: Buffer) => { err += d.toString(); });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? -1);
    });
  });
  const waitFor = (re: RegExp, timeoutMs = 60_000) => new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => { cleanup(); reject(new Error(`no ${re} within ${timeoutMs} ms; stdout: ${out}; stderr: ${err}`)); }, timeoutMs);
    const check = () => {
      const line = out.split('\n').find((l) => re.test(l));
      if (line !== undefined) { cleanup(); resolve(line); }
    };
    const onExit = () => setImmediate(() => {
      check();
      cleanup();
      reject(new Error(`the process ended before ${re}; stdout: ${out}; stderr: ${err}`));
    });
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', check);
    child.on('exit', onExit);
    check();
  });
  return { process: child, pid: child.pid!, stdout: () => out, stderr: () => err, waitFor, exited };
}

/** Ends every child still running (afterAll of a test file), by its own pid. */
export function killChildren() {
  for (const child of running) {
    try {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}
