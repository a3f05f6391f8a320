import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GameRecord, replayRecord } from '@fives/engine';
import type { TableState } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTable, guest } from '../support/client.ts';
import { type RunningHaproxy, checkConfig, haproxyBinary, localConfig, startHaproxy } from '../support/haproxy.ts';
import { freePort, killed, spawnNode } from '../support/process.ts';
import { deleteKeys, uniquePrefix } from '../support/redis.ts';
import { reconnectingGame } from '../support/table.ts';
import { until } from '../support/until.ts';

type Node = Awaited<ReturnType<typeof spawnNode>>;

/**
 * The file-descriptor limit of a rootless Docker or LXC host (this machine's own hard limit):
 * HAProxy runs under it whatever the machine's (or under the machine's, when that is lower
 * still), so a configuration that needs more fails here too.
 */
const HOST_NOFILE = Math.min(20_000, Number(spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim()) || 20_000);

/** One request line of HAProxy's log (`option httplog`): which server took it, and what it was. */
interface Logged {
  readonly server: string;
  readonly status: number;
  readonly method: string;
  readonly uri: string;
}

function requestsIn(lines: readonly string[]): Logged[] {
  const out: Logged[] = [];
  for (const line of lines) {
    // ... web fives/node1 0/0/0/1/1 200 123 - - ---- 1/1/0/0/0 0/0 "GET /path HTTP/1.1"
    const m = / web (\S+)\/(\S+) \S+ (\d{3}) .*"(\S+) (\S+) HTTP\/[\d.]+"$/.exec(line);
    if (m !== null) out.push({ server: m[2]!, status: Number(m[3]), method: m[4]!, uri: m[5]! });
  }
  return out;
}

/** Ada and Bob (and a computer player) play one whole game through `url`, each over `transport`. */
async function playGame(url: string, transport: 'websocket' | 'polling', clients: TestClient[]): Promise<{ tableId: string; end: TableState; players: TestClient[] }> {
  const ada = await guest(url, 'Ada');
  const bob = await guest(url, 'Bob');
  const { tableId } = await createTable(url, ada.token, { players: 3 }, [{ type: 'human' }, { type: 'human' }, { type: 'bot', level: 'easy' }]);
  // One after the other: with Ada's connection open on one node, leastconn sends Bob to the other.
  const a = await TestClient.connect(url, ada.token, { transports: [transport] });
  clients.push(a);
  await a.join(tableId);
  const b = await TestClient.connect(url, bob.token, { transports: [transport] });
  clients.push(b);
  await b.join(tableId);
  expect((await a.request('table:start', { tableId })).ok).toBe(true);
  a.play();
  b.play();
  const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
  expect(endB.version).toBe(endA.version);
  expect(a.problems).toEqual([]);
  expect(b.problems).toEqual([]);
  expect(a.socket.io.engine.transport.name).toBe(transport);
  const record = (await (await fetch(`${url}/api/tables/${tableId}/games/1/record`)).json()) as GameRecord;
  expect(replayRecord(record).output).toMatchObject({ ok: true, finished: true, winner: endA.view!.winner, scores: endA.view!.scores });
  return { tableId, end: endA, players: [a, b] };
}

/**
 * `docker compose up` without Docker: Debian's HAProxy with the shipped deploy/haproxy.cfg (only
 * the bind port and the servers' addresses rewritten) in front of two real server nodes
 * (`src/main.ts`, TRUST_PROXY=1 as compose sets it) on one Redis, under the file-descriptor
 * limit of a rootless host; whole games through it over WebSocket and over long-polling.
 */
describe('HAProxy with deploy/haproxy.cfg in front of two nodes', () => {
  const prefix = uniquePrefix();
  const dir = mkdtempSync(join(tmpdir(), 'fives-haproxy-'));
  const config = join(dir, 'haproxy.cfg');
  let binary = '';
  let nodes: Node[] = [];
  let lb: RunningHaproxy | null = null;
  let url = '';
  const clients: TestClient[] = [];

  beforeAll(async () => {
    binary = haproxyBinary();
    nodes = await Promise.all([spawnNode(prefix, { TRUST_PROXY: '1' }), spawnNode(prefix, { TRUST_PROXY: '1' })]);
    const port = await freePort();
    writeFileSync(config, localConfig(port, `127.0.0.1:${nodes[0]!.port}`, `127.0.0.1:${nodes[1]!.port}`));
    url = `http://127.0.0.1:${port}`;
    // Under the file-descriptor limit of a rootless host: a configuration that needs more stops here.
    lb = await startHaproxy(binary, config, HOST_NOFILE);
    const running = lb;
    await until('HAProxy answers', async () => {
      if (running.gone) throw new Error(`haproxy stopped (${running.child.exitCode}):\n${running.lines.join('\n')}`);
      return (await fetch(`${url}/healthz`).catch(() => null))?.status === 200;
    });
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await lb?.stop();
    for (const n of nodes) await killed(n.child);
    await deleteKeys(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  it('the shipped file is valid (haproxy -c), without a warning', () => {
    const check = checkConfig(binary, config);
    expect(check.output).toContain('Configuration file is valid');
    expect(check.ok).toBe(true);
    expect(check.output).not.toMatch(/\[(WARNING|ALERT)\]/);
  });

  it(`runs where a process may open ${HOST_NOFILE} files, and takes both nodes`, async () => {
    const running = lb!;
    // Each node's health check passes: a request pinned by cookie reaches each one.
    for (const name of ['node1', 'node2']) {
      const res = await fetch(`${url}/readyz`, { headers: { cookie: `SERVERID=${name}` } });
      expect(res.status).toBe(200);
    }
    await until('the pinned requests are logged', () => requestsIn(running.lines).filter((r) => r.uri === '/readyz').length >= 2);
    expect(
      new Set(
        requestsIn(running.lines)
          .filter((r) => r.uri === '/readyz')
          .map((r) => r.server),
      ),
    ).toEqual(new Set(['node1', 'node2']));
    expect(running.lines.filter((l) => l.includes('[ALERT]'))).toEqual([]);
  }, 30_000);

  it('/metrics is refused from outside (403, however it is spelt); each node still serves its own', async () => {
    for (const path of ['/metrics', '/metrics/', '/%6detrics', '/Metrics', '/metrics?x=1']) {
      expect((await fetch(`${url}${path}`)).status, path).toBe(403);
    }
    for (const n of nodes) expect((await fetch(`${n.url}/metrics`)).status).toBe(200);
  });

  it('a whole game over WebSocket, its players on both nodes; HAProxy logs the requests', async () => {
    const before = lb!.lines.length;
    const { players } = await playGame(url, 'websocket', clients);
    for (const p of players) p.close();
    // A WebSocket is logged when it closes: one 101 per player, one on each node.
    await until('both upgrades are logged', () => requestsIn(lb!.lines.slice(before)).filter((r) => r.status === 101).length >= 2);
    const upgrades = requestsIn(lb!.lines.slice(before)).filter((r) => r.status === 101);
    expect(upgrades.every((r) => r.uri.includes('transport=websocket'))).toBe(true);
    expect(new Set(upgrades.map((r) => r.server))).toEqual(new Set(['node1', 'node2']));
    // The API calls before them are logged too, with their status.
    expect(requestsIn(lb!.lines.slice(before)).some((r) => r.method === 'POST' && r.uri === '/api/tables' && r.status === 201)).toBe(true);
  }, 90_000);

  it('a whole game over long-polling: the SERVERID cookie keeps each session on its node', async () => {
    const before = lb!.lines.length;
    const { players } = await playGame(url, 'polling', clients);
    for (const p of players) p.close();
    await until('the polling requests are logged', () => requestsIn(lb!.lines.slice(before)).some((r) => r.uri.includes('transport=polling&') && r.uri.includes('sid=')));
    const polls = requestsIn(lb!.lines.slice(before)).filter((r) => r.uri.startsWith('/socket.io/'));
    expect(polls.every((r) => r.uri.includes('transport=polling'))).toBe(true);
    // Every request of one Engine.IO session went to one node: a request on the other would be
    // refused (400, unknown session) and the client would reconnect.
    const bySession = new Map<string, Set<string>>();
    for (const r of polls) {
      const sid = /[?&]sid=([^&]+)/.exec(r.uri)?.[1];
      if (sid === undefined) continue;
      bySession.set(sid, (bySession.get(sid) ?? new Set()).add(r.server));
    }
    expect(bySession.size).toBe(2);
    for (const [sid, servers] of bySession) expect([...servers], sid).toHaveLength(1);
    expect(polls.filter((r) => r.status >= 400)).toEqual([]);
    // Many requests per session (a game is hundreds of messages), each pinned.
    expect(polls.length).toBeGreaterThan(20);
    expect(new Set([...bySession.values()].flatMap((s) => [...s]))).toEqual(new Set(['node1', 'node2']));
    for (const p of players) expect(p.reconnections).toBe(0);
  }, 120_000);

  // Last: it stops node1.
  it('SIGTERM drains node1: /readyz takes it out of HAProxy, its player moves to node2 through the balancer, and the game finishes', async () => {
    const { a, b } = await reconnectingGame(url, clients);
    await a.waitForState((s) => s.view !== null && s.view.status === 'playing' && (s.view.hand?.log.length ?? 0) >= 6);

    const node1 = nodes[0]!;
    const exited = new Promise<number | null>((resolve) => node1.child.once('exit', (code) => resolve(code)));
    node1.child.kill('SIGTERM');
    await until('HAProxy takes node1 out', () => lb!.lines.some((l) => l.includes('Server fives/node1 is DOWN')));
    expect(await exited).toBe(0);
    const [endA, endB] = await Promise.all([a.waitForState((s) => s.table.phase === 'over'), b.waitForState((s) => s.table.phase === 'over')]);
    expect(endA.version).toBe(endB.version);
    // One of them was on node1 (leastconn put them on both), told to move, and came back through HAProxy.
    expect(a.drained + b.drained).toBe(1);
    expect(a.reconnections + b.reconnections).toBeGreaterThanOrEqual(1);
    expect(lb!.lines.some((l) => l.includes('Server fives/node2 is DOWN'))).toBe(false);
    expect(a.problems).toEqual([]);
    expect(b.problems).toEqual([]);
  }, 120_000);
});
