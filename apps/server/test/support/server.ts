import { type RandomSource, seededRandom } from '@fives/engine';
import { type GameApp, build } from '../../src/app.ts';
import type { TableStore } from '../../src/store/store.ts';
import { redisStore } from './redis.ts';

export const TEST_SECRET = 'test-secret-0123456789abcdef';

export interface TestServer {
  readonly app: GameApp;
  readonly url: string;
  close(): Promise<void>;
}

/** A real server on a free port against Redis (a fresh key prefix), bots without a pause. */
export async function startServer(options: { store?: TableStore; random?: RandomSource; seed?: string } = {}): Promise<TestServer> {
  const store = options.store ?? (await redisStore());
  const app = await build({
    store,
    secret: TEST_SECRET,
    logger: false,
    botDelayMs: 0,
    handPauseMs: 0,
    random: options.random ?? seededRandom(options.seed ?? 'server-tests'),
    webRoot: null,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: address,
    async close() {
      const s = app.store as TableStore & { deleteAll?: () => Promise<number> };
      await s.deleteAll?.();
      await app.close();
    },
  };
}
