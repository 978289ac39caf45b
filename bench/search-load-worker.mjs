// Interleaved throughput (bench/search.ts): short autocannon slices against each target in turn,
// round after round, so that whatever else the machine does hits every target alike. Distinct
// paths are handed out from one counter shared by all connections, so no two requests of a run
// ask the same thing until the list wraps. Each slice's start and end are told to the parent, so
// that it can measure its own CPU time per answer for each target.
import autocannon from 'autocannon';

function slice(target, seconds) {
  let next = 0;
  const paths = target.paths;
  return autocannon({
    url: target.url, connections: 20, pipelining: 1, duration: seconds, headers: { host: 'delta.localhost' },
    ...(paths ? { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }] } : {}),
  });
}

process.once('message', async ({ targets, rounds, seconds }) => {
  const totals = targets.map((t) => ({ name: t.name, requests: 0, seconds: 0, errors: 0, bytes: 0, p50: [], p97_5: [] }));
  for (let r = 0; r < rounds; r++) {
    // Rotate the order each round: no target always runs first (or right after a given one).
    for (let k = 0; k < targets.length; k++) {
      const i = (k + r) % targets.length;
      // The parent (which serves both routes) reads its own CPU time between these two messages.
      process.send({ slice: i, phase: 'start' });
      const res = await slice(targets[i], seconds);
      process.send({ slice: i, phase: 'end', requests: res.requests.total });
      const t = totals[i];
      t.requests += res.requests.total;
      t.seconds += res.duration;
      t.errors += res.errors + res.non2xx;
      t.bytes += res.throughput.total;
      t.p50.push(res.latency.p50);
      t.p97_5.push(res.latency.p97_5);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  process.send(totals.map((t) => ({ name: t.name, rps: t.requests / t.seconds, requests: t.requests, errors: t.errors, bytesPerRequest: t.bytes / Math.max(1, t.requests), p50: median(t.p50), p97_5: median(t.p97_5) })), () => process.exit(0));
});
