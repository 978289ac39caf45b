// The open-model load generator of bench/open-load.ts, in a child process of its own (the
// benchmark's bookkeeping does not share its event loop; the servers are processes of their own
// anyway). Jobs come over IPC:
//   { init: { setup, ports, sockets } }   the mix's data (scripts/load-mix.ts prepare()) and the
//                                         instances to spread requests over, round robin, as a
//                                         load balancer would; answers { ready: true }
//   { step: { rate, seconds, only?, arrival, timeoutMs } }
//                                         sends requests at `rate` a second for `seconds`, whatever
//                                         the answers do (open model): Poisson arrivals (exponential
//                                         gaps) or evenly spaced ones. Each request's latency runs
//                                         from its INTENDED send time, so a server (or a full socket
//                                         pool) that falls behind is charged for the wait of every
//                                         request queued behind it (no coordinated omission).
//                                         Answers a StepResult once every request has ended.
//   'exit'
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { EXPECTED_4XX, KINDS, requestBuilder, type Kind, type MixSetup } from '../scripts/load-mix';

export type KindFigures = { sent: number; ok: number; expected4xx: number; errors: number; p50: number; p99: number; max: number; statuses: Record<string, number>; sample?: string };
export type StepResult = {
  rate: number; seconds: number; sent: number; answered: number; errors: number; timeouts: number; connectionErrors: number;
  p50: number; p99: number; max: number;
  /** How late the generator itself sent, past the intended time (its own event loop): p99 and max, ms. */
  lateP99: number; lateMax: number;
  perKind: Partial<Record<Kind, KindFigures>>;
};
export type StepJob = { rate: number; seconds: number; only?: Kind[]; arrival: 'poisson' | 'uniform'; timeoutMs: number };
export type InitJob = { setup: MixSetup; ports: number[]; sockets: number };

const pct = (sorted: readonly number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const round1 = (n: number) => Math.round(n * 10) / 10;

let setup: MixSetup | undefined;
let agents: Array<{ port: number; agent: Agent }> = [];
let turn = 0;
/** Arrival gaps from a seeded generator: each step's schedule is the same from run to run. */
let seed = 987654321;
const uniform = () => { seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0; return (seed + 1) / 4294967297; };

function runStep(job: StepJob): Promise<StepResult> {
  const builder = requestBuilder(setup!, { only: job.only });
  type Acc = { latencies: number[]; sent: number; ok: number; expected4xx: number; errors: number; statuses: Map<string, number>; sample?: string; resent?: number };
  const acc = new Map<Kind, Acc>();
  const of = (kind: Kind) => {
    let a = acc.get(kind);
    if (!a) acc.set(kind, (a = { latencies: [], sent: 0, ok: 0, expected4xx: 0, errors: 0, statuses: new Map() }));
    return a;
  };
  const late: number[] = [];
  let timeouts = 0;
  let connectionErrors = 0;
  let outstanding = 0;
  let sent = 0;
  let scheduleDone = false;
  const gapMs = () => (job.arrival === 'uniform' ? 1000 / job.rate : (-Math.log(uniform()) * 1000) / job.rate);

  return new Promise((resolve) => {
    const finish = () => {
      const all: number[] = [];
      const perKind: StepResult['perKind'] = {};
      let errors = 0;
      for (const kind of KINDS) {
        const a = acc.get(kind);
        if (!a) continue;
        const sorted = a.latencies.sort((x, y) => x - y);
        all.push(...sorted);
        errors += a.errors;
        perKind[kind] = {
          sent: a.sent, ok: a.ok, expected4xx: a.expected4xx, errors: a.errors,
          p50: round1(pct(sorted, 50)), p99: round1(pct(sorted, 99)), max: round1(sorted.at(-1) ?? NaN),
          statuses: Object.fromEntries(a.statuses), ...(a.sample ? { sample: a.sample } : {}),
        };
      }
      all.sort((x, y) => x - y);
      late.sort((x, y) => x - y);
      resolve({
        rate: job.rate, seconds: job.seconds, sent, answered: all.length, errors, timeouts, connectionErrors,
        p50: round1(pct(all, 50)), p99: round1(pct(all, 99)), max: round1(all.at(-1) ?? NaN),
        lateP99: round1(pct(late, 99)), lateMax: round1(late.at(-1) ?? 0), perKind,
      });
    };
    const ended = () => {
      outstanding--;
      if (scheduleDone && outstanding === 0) finish();
    };

    const fire = (intended: number) => {
      const { kind, request } = builder.next();
      of(kind).sent++;
      sent++;
      outstanding++;
      late.push(performance.now() - intended);
      send(intended, kind, request, agents[turn++ % agents.length]!, false);
    };

    /**
     * One request. A keep-alive connection the server closed just as it was reused fails with
     * ECONNRESET before the request reached the server; a browser sends it again on a new
     * connection, and so does this, once, with its latency still counted from the intended time.
     */
    const send = (intended: number, kind: (typeof KINDS)[number], request: ReturnType<typeof builder.next>['request'], target: (typeof agents)[number], retried: boolean) => {
      const a = of(kind);
      const headers: Record<string, string | number> = { ...request.headers };
      if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
      let done = false;
      const fail = (what: 'timeout' | 'connection', detail: string) => {
        if (done) return;
        done = true;
        if (what === 'timeout') timeouts++;
        else connectionErrors++;
        a.errors++;
        a.statuses.set(what, (a.statuses.get(what) ?? 0) + 1);
        a.sample ??= `${what}: ${detail}`;
        ended();
      };
      const req = httpRequest({ agent: target.agent, host: '127.0.0.1', port: target.port, method: request.method, path: request.path, headers }, (res) => {
        const status = res.statusCode ?? 0;
        const good = status >= 200 && status < 300;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => { if (!good && chunks.length < 4) chunks.push(c); });
        res.on('end', () => {
          if (done) return;
          done = true;
          a.latencies.push(performance.now() - intended);
          a.statuses.set(String(status), (a.statuses.get(String(status)) ?? 0) + 1);
          if (good) a.ok++;
          else if (EXPECTED_4XX[kind].includes(status)) a.expected4xx++;
          else {
            a.errors++;
            a.sample ??= `${status}: ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`;
          }
          ended();
        });
        res.on('error', (err) => fail('connection', err.message));
      });
      // The time limit runs from the intended send time too: a request that waited 10 s for a socket is late.
      const timer = setTimeout(() => { fail('timeout', `no answer within ${job.timeoutMs} ms of its send time`); req.destroy(); }, Math.max(1, job.timeoutMs - (performance.now() - intended)));
      req.on('close', () => clearTimeout(timer));
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (!done && !retried && req.reusedSocket && err.code === 'ECONNRESET') {
          done = true;
          clearTimeout(timer);
          a.resent = (a.resent ?? 0) + 1;
          send(intended, kind, request, target, true);
          return;
        }
        fail('connection', `${err.code ?? ''} ${err.message}`.trim());
      });
      req.end(request.body);
    };

    const start = performance.now() + 5;
    const end = start + job.seconds * 1000;
    let next = start;
    const tick = () => {
      const now = performance.now();
      while (next <= now && next < end) {
        fire(next);
        next += gapMs();
      }
      if (next >= end) {
        scheduleDone = true;
        if (outstanding === 0) finish();
        return;
      }
      // setTimeout has 1 ms granularity: requests due within the wait go out together at its end, each timed from its own intended time.
      setTimeout(tick, Math.max(0, Math.min(next - performance.now(), 50)));
    };
    setTimeout(tick, 5);
  });
}

process.on('message', (message: 'exit' | { init?: InitJob; step?: StepJob }) => {
  if (message === 'exit') {
    for (const a of agents) a.agent.destroy();
    process.exit(0);
  }
  if (message.init) {
    setup = message.init.setup;
    for (const a of agents) a.agent.destroy();
    agents = message.init.ports.map((port) => ({ port, agent: new Agent({ keepAlive: true, maxSockets: message.init!.sockets, maxFreeSockets: message.init!.sockets }) }));
    process.send!({ ready: true });
    return;
  }
  if (message.step) void runStep(message.step).then((result) => process.send!(result));
});
