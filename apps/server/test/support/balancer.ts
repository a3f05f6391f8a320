import { type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A load balancer for tests, as HAProxy runs it in docker-compose.yml (deploy/haproxy.cfg):
 * TCP connections go round robin to the nodes whose /readyz says ready, probed every `probeMs`;
 * a node that refuses the connection is skipped. WebSocket-only clients need nothing more (no
 * sticky sessions): one TCP connection is one Socket.IO connection.
 */
export class Balancer {
  private readonly ready: boolean[];
  private next = 0;
  private readonly server: Server;
  private readonly open = new Set<Socket>();
  private readonly probe: NodeJS.Timeout;
  url = '';
  /** How many connections went to each node. */
  readonly routed: number[];

  private constructor(
    private readonly nodes: { url: string; port: number }[],
    probeMs: number,
  ) {
    this.ready = nodes.map(() => true);
    this.routed = nodes.map(() => 0);
    this.server = createServer((client) => this.route(client, 0));
    this.probe = setInterval(() => void this.check(), probeMs);
  }

  static async start(nodes: { url: string; port: number }[], probeMs = 50): Promise<Balancer> {
    const b = new Balancer(nodes, probeMs);
    await b.check();
    await new Promise<void>((resolve) => b.server.listen(0, '127.0.0.1', resolve));
    b.url = `http://127.0.0.1:${(b.server.address() as { port: number }).port}`;
    return b;
  }

  /** Asks every node whether it is ready (as HAProxy's `option httpchk GET /readyz`). */
  async check(): Promise<void> {
    await Promise.all(
      this.nodes.map(async (n, i) => {
        try {
          this.ready[i] = (await fetch(`${n.url}/readyz`, { signal: AbortSignal.timeout(1000) })).ok;
        } catch {
          this.ready[i] = false;
        }
      }),
    );
  }

  private route(client: Socket, tried: number): void {
    if (tried >= this.nodes.length) {
      client.destroy();
      return;
    }
    // Round robin among the ready; when none is, among all (a refused connection tries the next).
    let i = this.next++ % this.nodes.length;
    for (let k = 0; k < this.nodes.length && !this.ready[i]; k++) i = (i + 1) % this.nodes.length;
    const upstream = connect(this.nodes[i]!.port, '127.0.0.1');
    this.open.add(upstream);
    let connected = false;
    client.pause();
    upstream.once('connect', () => {
      connected = true;
      this.routed[i]!++;
      this.open.add(client);
      client.pipe(upstream).pipe(client);
      client.resume();
      client.on('error', () => upstream.destroy());
      client.on('close', () => {
        this.open.delete(client);
        upstream.end();
      });
    });
    upstream.on('error', () => {
      if (connected) {
        client.destroy();
        return;
      }
      this.ready[i] = false;
      this.route(client, tried + 1);
    });
    upstream.on('close', () => {
      this.open.delete(upstream);
      if (connected) client.end();
    });
  }

  async close(): Promise<void> {
    clearInterval(this.probe);
    for (const s of this.open) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
