import { connect } from 'node:net';
import { ErrorCode, ProblemSchema } from '@fives/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GameApp, build } from '../../src/app.ts';
import { MemoryTableStore } from '../../src/store/memory.ts';
import { TEST_SECRET } from '../support/server.ts';

interface RawAnswer {
  readonly status: number;
  readonly headers: ReadonlyMap<string, string>;
  readonly body: string;
}

/** Writes raw bytes to the server and reads what it answers until it closes the connection. */
function rawRequest(url: string, bytes: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while this side still writes: what it answered is what counts.
    socket.on('error', () => {});
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
      const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(end + 4) });
    });
  });
}

/** The headers helmet sets on every answer (what a normal route's answer carries). */
const SECURITY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('requests Node’s HTTP parser refuses', () => {
  let app: GameApp;
  let url: string;
  let routeHeaders: Headers;
  beforeAll(async () => {
    app = await build({ store: new MemoryTableStore(), secret: TEST_SECRET, logger: false, webRoot: null });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
    routeHeaders = (await fetch(`${url}/healthz`)).headers;
  });
  afterAll(async () => {
    await app.close();
  });

  const cases: [what: string, bytes: () => string, status: number][] = [
    ['headers too large', () => `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a malformed chunk', () => 'POST /api/guests HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n', 400],
    ['a broken request line', () => 'HELLO THERE\r\n\r\n', 400],
  ];
  for (const [what, bytes, status] of cases) {
    it(`${what}: ${status} with the documented error shape and the security headers`, async () => {
      const answer = await rawRequest(url, bytes());
      expect(answer.status).toBe(status);
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = JSON.parse(answer.body) as { error: unknown };
      expect(Object.keys(body)).toEqual(['error']);
      expect(ProblemSchema.parse(body.error)).toMatchObject({ code: ErrorCode.invalidMessage });
      for (const name of SECURITY) {
        expect(routeHeaders.get(name), name).not.toBeNull();
        expect(answer.headers.get(name), name).toBe(routeHeaders.get(name));
      }
    });
  }
});
