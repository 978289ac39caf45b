// Load generator of the card-network receipt benchmark, in a child process (the server keeps its
// event loop to itself): distinct, signed events. The bare route is sent the same requests, signed
// too (it ignores the headers): the generator then does the same work for both routes, and the
// ratio compares the two servers, not what it costs to sign (unsigned, the bare route's generator
// needed 20 µs less CPU per request, a third of it, on the same two cores as the server).
// It stays up for several jobs (slices of a run taking turns with another route), answering each
// with its figures, so that its code is warm in every slice; 'exit' ends it.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { signCardEvent } from '../src/server/lib/card-event-signature';

type Job = { url: string; seconds: number; secret: string; tokens: string[]; locations: string[]; connections?: number };

const run = randomBytes(4).toString('hex');
let n = 0;

process.on('message', async (job: Job | 'exit') => {
  if (job === 'exit') process.exit(0);
  const timestamp = Math.floor(Date.now() / 1000);
  const path = new URL(job.url).pathname;
  const result = await autocannon({
    url: job.url, connections: job.connections ?? 20, pipelining: 1, duration: job.seconds,
    requests: [{
      method: 'POST',
      setupRequest: (request) => {
        const i = n++;
        const body = JSON.stringify({
          id: `${run}-${i}`, type: i % 2 === 0 ? 'auth' : 'clearing', transactionId: `${run}-t${i >> 1}`, cardToken: job.tokens[(i >> 1) % job.tokens.length],
          amountCents: 1000 + ((i >> 1) % 5000), currency: 'USD', merchantLocationId: job.locations[(i >> 1) % job.locations.length],
          localDateTime: '2026-11-20T19:45:00-05:00', onlineOrder: false,
        });
        return {
          ...request, method: 'POST', path, body,
          headers: { host: 'localhost', 'content-type': 'application/json', ...signCardEvent(job.secret, body, timestamp) },
        };
      },
    }],
  });
  process.send?.({ answers: result.requests.total, rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, errors: result.errors, non2xx: result.non2xx });
});
