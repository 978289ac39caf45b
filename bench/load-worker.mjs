// Runs autocannon in a child process so the load generator does not share the server's event loop.
// It stays up for several jobs (slices of a run taking turns with another route), answering each
// with its figures, so that its code is warm in every slice; 'exit' ends it.
import autocannon from 'autocannon';

process.on('message', async (job) => {
  if (job === 'exit') process.exit(0);
  const { url, seconds, paths } = job;
  const result = await autocannon({
    url, connections: 20, pipelining: 1, duration: seconds, headers: { host: 'delta.localhost' },
    ...(paths ? { requests: paths.map((path) => ({ method: 'GET', path })) } : {}),
  });
  process.send({ rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, errors: result.errors + result.non2xx });
});
