// Preloaded into the server the load test starts (scripts/load.ts, `--import`): answers the
// parent's IPC questions about memory, event-loop delay and the HTTP answers it has finished
// (bench/open-load.ts checks its own count against it), so the figures come from inside the server
// without a route of its own. Does nothing when the process has no IPC channel.
import { subscribe } from 'node:diagnostics_channel';
import { monitorEventLoopDelay } from 'node:perf_hooks';

if (process.send) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let answers = 0;
  subscribe('http.server.response.finish', () => { answers++; });
  process.on('message', (message) => {
    if (!message || typeof message !== 'object' || message.loadStats === undefined) return;
    if (message.loadStats === 'reset-delay') delay.reset();
    // Only for the "after GC" figure: the server runs with --expose-gc when the load test starts it.
    if (message.loadStats === 'gc' && typeof globalThis.gc === 'function') globalThis.gc();
    const memory = process.memoryUsage();
    const ms = (ns) => Math.round(ns / 1e4) / 100;
    process.send({
      loadStats: message.loadStats,
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external, arrayBuffers: memory.arrayBuffers },
      eventLoopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
      answers,
    });
  });
  // The IPC channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}
