import { randomBytes } from 'node:crypto';
import { seededRandom } from '@fives/engine';
import { RedisTableStore, build } from '@fives/server';

/**
 * The real game server for the client's tests: `build()` from @fives/server on a free port, its
 * tables in the shared Redis under a key prefix no other run uses (removed at the end), computer
 * players without a pause, deals from a seed, and (for the browser tests) the built client.
 */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface GameServer {
  readonly url: string;
  /** Says `server:draining` to every socket, as a node does on SIGTERM (here it stays up). */
  drainingNotice(): void;
  close(): Promise<void>;
}

/** `handPauseMs`: the pause before the next deal (none unless a test needs to see the end of a hand). */
export async function startGameServer(options: { seed: string; webRoot?: string | null; handPauseMs?: number; socketsPerAddress?: number }): Promise<GameServer> {
  const store = await RedisTableStore.connect({ url: REDIS_URL, prefix: `fives-web-test:${process.pid}-${randomBytes(4).toString('hex')}:` });
  const app = await build({
    store,
    secret: 'web-test-secret-0123456789',
    logger: false,
    botDelayMs: 0,
    handPauseMs: options.handPauseMs ?? 0,
    random: seededRandom(options.seed),
    webRoot: options.webRoot ?? null,
    ...(options.socketsPerAddress === undefined ? {} : { limits: { addressSockets: options.socketsPerAddress } }),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    drainingNotice: () => app.io.local.emit('server:draining', { reason: 'shutdown' }),
    async close() {
      await store.deleteAll();
      await app.close();
    },
  };
}
