// Load generator of the card-network receipt benchmark, in a child process (the server keeps its
// event loop to itself): distinct, signed events (or the same bodies unsigned, for the bare route).
// It stays up for several jobs (slices of a run taking turns with another route), answering each
// with its figures, so that its code is warm in every slice; 'exit' ends it.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { signCardEvent } from '../src/server/lib/card-event-signature';

type Job = { url: string; seconds: number; secret: string; tokens: string[]; locations: string[]; sign: boolean; connections?: number };

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
          headers: { host: 'localhost', 'content-type': 'application/json', ...(job.sign ? signCardEvent(job.secret, body, timestamp) : {}) },
        };
      },
    }],
  });
  process.send?.({ rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, errors: result.errors, non2xx: result.non2xx });
});
