import { createHash } from 'node:crypto';
import { createClient } from 'redis';

export function makeRedisClient(url: string) {
  return createClient({ url });
}

export type RedisClient = ReturnType<typeof makeRedisClient>;

/** A Lua script and its SHA-1, run with EVALSHA. */
export interface Script {
  readonly text: string;
  readonly sha: string;
}

export function script(text: string): Script {
  return { text, sha: createHash('sha1').update(text).digest('hex') };
}

/** EVALSHA, falling back to EVAL once when Redis does not have the script cached (a restart, a flush). */
export async function runScript(client: RedisClient, s: Script, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await client.evalSha(s.sha, { keys, arguments: args });
  } catch (error) {
    if (!(error instanceof Error) || !error.message.includes('NOSCRIPT')) throw error;
    return client.eval(s.text, { keys, arguments: args });
  }
}
