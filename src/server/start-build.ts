import { spawn } from 'node:child_process';

/** How much of a failed build's output is shown (its end holds the error). */
const SHOWN_ON_FAILURE_CHARS = 8_000;

/**
 * `npm start`'s build of the web app (`npm run build`), run beside the server's own start (issue 30
 * item 5): opening the database, the migrations and the demo seed (two thirds of a first start)
 * do not need the build, so they no longer wait for it; the server builds its apps and listens
 * once both are done (main.ts). The build's output is kept and shown only if it fails; a build
 * still running when the server stops (a failed start, Ctrl-C) is stopped with it.
 */
export function buildWebApp(): Promise<void> {
  const started = Date.now();
  console.log('Building the web app (npm run build) while the database gets ready…');
  return new Promise((resolve, reject) => {
    // At a low priority: the database's preparation is the longer of the two, and on a machine of
    // two cores the build's threads would otherwise slow it down as much as they gain.
    // (Windows has no nice, and finds npm through its shell.)
    const windows = process.platform === 'win32';
    const command = windows ? ['npm', 'run', '--silent', 'build'] : ['nice', '-n', '5', 'npm', 'run', '--silent', 'build'];
    // A production build whatever NODE_ENV the server runs under: with NODE_ENV=development in its
    // environment Vite builds React's development code (main chunk 182 kB gzip instead of 114, and
    // twice the main-thread work), which is not what `npm start` promises to serve.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], shell: windows, env });
    let output = '';
    const keep = (chunk: Buffer) => { output = (output + chunk.toString('utf8')).slice(-SHOWN_ON_FAILURE_CHARS); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const stop = () => child.kill('SIGTERM');
    process.once('exit', stop);
    child.once('error', (err) => {
      process.off('exit', stop);
      reject(new Error(`The web app's build could not start (npm run build): ${err.message}`));
    });
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      if (code === 0) {
        console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        resolve();
      } else {
        reject(new Error(`The web app's build failed (npm run build, ${signal ?? `exit code ${code}`}):\n${output.trimEnd()}`));
      }
    });
  });
}
