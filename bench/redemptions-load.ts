// Load generator of the redemptions benchmark (bench/redemptions.ts), in a child process (the
// server keeps its event loop to itself): POST /api/Member/Redemptions as signed-in members, each
// request with a key of its own. The members are taken in turn (request i is member i mod n), so
// a member's next request comes only after every other member's: no two wait on one member's
// lock, and a member redeems at most ceil(requests / n) times. The bare route is sent the same
// requests. It stays up for several jobs (slices of a run taking turns with another route),
// answering each with its figures; 'exit' ends it.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

export type RedemptionLoadJob = {
  url: string;
  seconds: number;
  connections: number;
  host: string;
  /** Each member's Cookie header and X-XSRF-TOKEN; sent with the first job, kept for the next ones. */
  members?: Array<{ cookie: string; csrf: string }>;
  amountCents: number;
};
export type RedemptionLoadResult = { answers: number; rps: number; p50: number; p97_5: number; errors: number; non2xx: number; statuses: Record<string, number> };

const run = randomBytes(4).toString('hex');
let members: Array<{ cookie: string; csrf: string }> = [];
let n = 0;

process.on('message', async (job: RedemptionLoadJob | 'exit') => {
  if (job === 'exit') process.exit(0);
  if (job.members) members = job.members;
  const path = new URL(job.url).pathname;
  const body = JSON.stringify({ option: 'tremendous', amountCents: job.amountCents, delivery: 'Email' });
  const result = await autocannon({
    url: job.url, connections: job.connections, pipelining: 1, duration: job.seconds,
    requests: [{
      method: 'POST',
      setupRequest: (request) => {
        const i = n++;
        const member = members[i % members.length]!;
        return {
          ...request, method: 'POST', path, body,
          headers: { host: job.host, 'content-type': 'application/json', cookie: member.cookie, 'x-xsrf-token': member.csrf, 'idempotency-key': `bench-${run}-${i}` },
        };
      },
    }],
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count]));
  process.send?.({ answers: result.requests.total, rps: result.requests.average, p50: result.latency.p50, p97_5: result.latency.p97_5, errors: result.errors, non2xx: result.non2xx, statuses } satisfies RedemptionLoadResult);
});
