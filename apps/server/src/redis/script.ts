import { createHash } from 'node:crypto';
import { createClient } from 'redis';

/**
 * A Redis client that fails fast while Redis is away instead of queueing commands until it is
 * back (a move would hang; it must be refused with `server/busy`), and that gives up on a
 * first connection that does not succeed within `connectTimeoutMs` (a server that cannot reach
 * Redis at start says so and stops) but, once connected, reconnects for as long as it takes.
 */
export function makeRedisClient(url: string, connectTimeoutMs: number) {
  const { options, connected } = failFast(connectTimeoutMs);
  const client = createClient({ url, ...options });
  client.on('ready', connected);
  return client;
}

/**
 * The client settings of `makeRedisClient`, for every connection (a cluster's too, `connect.ts`);
 * `connected` is called once the first connection is made.
 */
export function failFast(connectTimeoutMs: number) {
  let connected = false;
  const started = Date.now();
  const options = {
    disableOfflineQueue: true,
    // No timer per command: it bounds only the wait to be written (`stall.ts` bounds the reply).
    commandOptions: { timeout: 0 },
    socket: {
      connectTimeout: Math.min(connectTimeoutMs, 10_000),
      reconnectStrategy: (retries: number, cause: Error) => {
        if (!connected && Date.now() - started >= connectTimeoutMs) return cause;
        return Math.min(100 * 2 ** Math.min(retries, 5), 2000);
      },
    },
  };
  return {
    options,
    connected: () => {
      connected = true;
    },
  };
}

type SingleClient = ReturnType<typeof makeRedisClient>;

/**
 * The commands the store uses: what a single client and a cluster client (which routes each
 * command by its first key) have alike. Each script and each multi-key command names keys of
 * one hash slot (`layout.ts`). Each is watched for a Redis that stops answering (`stall.ts`).
 */
export const STORE_COMMANDS = [
  'evalSha',
  'eval',
  'get',
  'getDel',
  'set',
  'del',
  'unlink',
  'exists',
  'hGet',
  'hGetAll',
  'hmGet',
  'lRange',
  'sMembers',
  'sCard',
  'zAdd',
  'zCard',
  'zCount',
  'zRange',
  'zRangeByScore',
  'zRangeWithScores',
  'zRemRangeByScore',
  'zScore',
  'pTTL',
] as const;

export type RedisClient = Pick<SingleClient, (typeof STORE_COMMANDS)[number]>;

/** A Lua script and its SHA-1, run with EVALSHA. */
export interface Script {
  readonly text: string;
  readonly sha: string;
}

export function script(text: string): Script {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

/** EVALSHA, falling back to EVAL once when Redis does not have the script cached (a restart, a flush, a replica just promoted). */
export async function runScript(client: RedisClient, s: Script, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await client.evalSha(s.sha, { keys, arguments: args });
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
    return client.eval(s.text, { keys, arguments: args });
  }
}
