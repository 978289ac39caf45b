/**
 * Where a server's CPU time goes: samples the process with V8's profiler (the same .cpuprofile
 * `node --cpu-prof` writes) while a load runs, then sums self time by what the code belongs to.
 */
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
export type CpuProfile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/** Profiles the process while `run` runs; writes the .cpuprofile to `file` when given. */
export async function profile<T>(run: () => Promise<T>, file?: string): Promise<{ result: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  try {
    const result = await run();
    const { profile: p } = await session.post('Profiler.stop') as unknown as { profile: CpuProfile };
    if (file) writeFileSync(file, JSON.stringify(p));
    return { result, profile: p };
  } finally {
    session.disconnect();
  }
}

/** The category a frame's self time counts towards, from its file and function name. */
function category(frame: Node['callFrame']): string {
  const { url, functionName: fn } = frame;
  if (fn === '(idle)') return 'idle';
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(program)' || fn === '(root)') return 'V8/native (unattributed)';
  // The profiler's own messages and the bench starting its load process: not the server's work.
  if ((url === '' && (fn === 'dispatch' || fn === 'spawn')) || fn === 'writeChannelMessage') return 'harness';
  if (url.includes('/modules/merchants/')) {
    if (/serialis|stringify|Json/i.test(fn)) return 'search: serialising the answer';
    return 'search: index query';
  }
  if (url.includes('/plugins/session') || url.includes('/modules/members/')) return 'session';
  if (url.includes('/plugins/')) return 'app plugins (partner, security headers, CSRF, rate limit, errors, compression)';
  if (/\/node_modules\/(zod|fastify-type-provider-zod)\//.test(url)) return 'zod validation';
  if (/\/node_modules\/(@fastify|fastify|find-my-way|light-my-request|avvio|fast-[a-z-]+|secure-json-parse|toad-cache|fastq|abstract-logging|pino)[^/]*\//.test(url)) return 'Fastify (routing, hooks, reply)';
  if (/\/node_modules\/(drizzle-orm|@electric-sql|pg)[^/]*\//.test(url)) return 'database driver';
  if (url.startsWith('node:') || url === '' ) return 'Node core (HTTP, sockets, streams)';
  if (url.includes('/src/shared/')) return 'shared schemas/rules';
  if (url.includes('/src/server/')) return 'other server code';
  if (url.includes('/node_modules/')) return 'other libraries';
  return 'other';
}

export type ProfileSummary = { busyMs: number; categories: Array<{ name: string; ms: number; share: number }>; top: Array<{ name: string; ms: number; share: number }> };

/** Self time by category and the top functions, as shares of the busy (non-idle) time. */
export function summarise(p: CpuProfile, topN = 15): ProfileSummary {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) {
    const id = p.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  }
  const cats = new Map<string, number>();
  const fns = new Map<string, number>();
  let busy = 0;
  for (const [id, t] of self) {
    const frame = byId.get(id)!.callFrame;
    const cat = category(frame);
    if (cat === 'idle' || cat === 'harness') continue;
    busy += t;
    cats.set(cat, (cats.get(cat) ?? 0) + t);
    const file = frame.url.replace(/^.*\/node_modules\//, '').replace(/^.*\/src\//, 'src/').replace(/^file:\/\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + t);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([name, ms]) => ({ name, ms, share: busy ? ms / busy : 0 }));
  return { busyMs: busy, categories: sorted(cats), top: sorted(fns).slice(0, topN) };
}

export function printSummary(s: ProfileSummary, indent = '  ') {
  console.log(`${indent}busy ${(s.busyMs / 1000).toFixed(2)} s of CPU in the server process; self time by part:`);
  for (const c of s.categories) console.log(`${indent}  ${(c.share * 100).toFixed(1).padStart(5)}%  ${c.name}`);
  console.log(`${indent}top functions (self time):`);
  for (const f of s.top) console.log(`${indent}  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
}
