import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service of the test's own, on loopback, standing in for the browsers' (Mozilla's,
 * Google's), which are not reachable here. It does what a browser and its push service do
 * together: it holds a subscription's private key and authentication secret, checks the VAPID
 * signature of each request (RFC 8292), and decrypts the payload (RFC 8291, aes128gcm as RFC
 * 8188 frames it), so a test reads the note exactly as the service worker would get it.
 */

export interface Delivery {
  /** Which browser it was for (the path of its endpoint). */
  readonly browser: string;
  readonly plaintext: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The VAPID claims, checked: the signature is the key's, the audience this service's origin. */
  readonly vapid: { readonly sub: string; readonly aud: string; readonly exp: number; readonly key: string };
}

export interface TestBrowser {
  readonly name: string;
  /** What `PushSubscription.toJSON()` gives: for `PUT /api/push/subscription`. */
  readonly subscription: { readonly endpoint: string; readonly keys: { readonly p256dh: string; readonly auth: string } };
  readonly privateKey: Buffer;
  readonly publicKey: Buffer;
  readonly auth: Buffer;
}

export class TestPushService {
  readonly deliveries: Delivery[] = [];
  readonly failures: string[] = [];
  /** Browsers the service answers 410 Gone for: unsubscribed at the push service. */
  readonly gone = new Set<string>();
  readonly #browsers = new Map<string, TestBrowser>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<TestPushService> {
    let self: TestPushService | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = self === null ? 500 : self.receive(req.url ?? '', req.headers, Buffer.concat(chunks));
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new TestPushService(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** A new browser: its own P-256 key pair and 16-byte secret, as `pushManager.subscribe()` makes them. */
  browser(name: string): TestBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const b: TestBrowser = {
      name,
      subscription: { endpoint: `${this.origin}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
      privateKey: ecdh.getPrivateKey(),
      publicKey: ecdh.getPublicKey(),
      auth,
    };
    this.#browsers.set(`/push/${name}`, b);
    return b;
  }

  /** The notes delivered to one browser, decrypted and parsed. */
  notesFor(name: string): unknown[] {
    return this.deliveries.filter((d) => d.browser === `/push/${name}`).map((d) => JSON.parse(d.plaintext) as unknown);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private receive(path: string, headers: Delivery['headers'], body: Buffer): number {
    const b = this.#browsers.get(path);
    if (b === undefined) return 404;
    if (this.gone.has(b.name)) return 410;
    try {
      const vapid = checkVapid(String(headers.authorization ?? ''), this.origin);
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(headers['content-encoding'])}`);
      if (headers.ttl === undefined) throw new Error('no TTL header (RFC 8030 requires one)');
      this.deliveries.push({ browser: path, plaintext: decrypt(b, body), headers, vapid });
      return 201;
    } catch (error) {
      this.failures.push(`${path}: ${(error as Error).message}`);
      return 400;
    }
  }
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the claims, signed by the key's private half. */
function checkVapid(authorization: string, origin: string): Delivery['vapid'] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (m === null) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [jwt, key] = [m[1] as string, m[2] as string];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const raw = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  if (!verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('the VAPID signature does not verify with its key');
  }
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { sub: string; aud: string; exp: number };
  if (c.aud !== origin) throw new Error(`the VAPID audience is ${c.aud}, not ${origin}`);
  if (!(c.exp * 1000 > Date.now())) throw new Error('the VAPID token has expired');
  return { ...c, key };
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, from the header's salt and the sender's public key. */
function decrypt(b: TestBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const cipher = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(b.privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), b.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, b.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipher.subarray(cipher.length - 16));
  const padded = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
  // The last record ends with 0x02 and any zero padding after it.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the record does not end with the last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}
