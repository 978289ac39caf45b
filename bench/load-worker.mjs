// Runs autocannon in a child process so the load generator does not share the server's event loop.
import autocannon from 'autocannon';

process.once('message', async ({ url, seconds, paths }) => {
  const result = await autocannon({
    url, connections: 20, pipelining: 1, duration: seconds, headers: { host: 'delta.localhost' },
    ...(paths ? { requests: paths.map((path) => ({ method: 'GET', path })) } : {}),
  });
  process.send({ rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, errors: result.errors + result.non2xx }, () => process.exit(0));
});
