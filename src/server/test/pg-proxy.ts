import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that plays its outages (db-outage.test.ts, `npm run
 * test:faults`): the real server is shared, so it is never stopped itself. Forwards TCP to
 * PostgreSQL; stop() refuses and drops connections (start() again listens on the same port),
 * pause() stops forwarding bytes.
 */
export class PgProxy {
  private server: Server | undefined;
  private readonly pairs = new Set<{ client: Socket; upstream?: Socket; toServer: Buffer[]; toClient: Buffer[] }>();
  private paused = false;
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async start() {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as { port: number }).port;
  }

  private accept(client: Socket) {
    const pair: { client: Socket; upstream?: Socket; toServer: Buffer[]; toClient: Buffer[] } = { client, toServer: [], toClient: [] };
    this.pairs.add(pair);
    const drop = () => {
      client.destroy();
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', drop).on('close', drop);
    client.on('data', (d: Buffer) => (this.paused || !pair.upstream ? pair.toServer.push(d) : pair.upstream.write(d)));
    const upstream = connect(this.target.port, this.target.host, () => {
      pair.upstream = upstream;
      if (!this.paused) this.flush(pair);
    });
    upstream.on('error', drop).on('close', drop);
    upstream.on('data', (d: Buffer) => (this.paused ? pair.toClient.push(d) : client.write(d)));
  }

  private flush(pair: { client: Socket; upstream?: Socket; toServer: Buffer[]; toClient: Buffer[] }) {
    for (const d of pair.toServer.splice(0)) pair.upstream?.write(d);
    for (const d of pair.toClient.splice(0)) pair.client.write(d);
  }

  /** As a stopped server: open connections are cut, new ones refused. */
  async stop() {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    this.pairs.clear();
    await new Promise((resolve) => this.server!.close(resolve));
  }

  /** As a paused (SIGSTOP) server or a black-holed network: connections stay open, nothing answers. */
  pause() {
    this.paused = true;
  }

  resume() {
    this.paused = false;
    for (const pair of this.pairs) if (pair.upstream) this.flush(pair);
  }

  async close() {
    if (this.server?.listening) await this.stop();
  }
}
