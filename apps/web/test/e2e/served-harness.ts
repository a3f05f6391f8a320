import { rm } from 'node:fs/promises';
import { MemoryTableStore, type ServerOptions, build as buildServer } from '@fives/server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { builtClient, launchBrowser } from './harness.ts';

type GameServer = Awaited<ReturnType<typeof buildServer>>;

/** The shipped client served by the game server itself, with its security headers, and a browser to drive it. */
export interface ServedClient {
  readonly url: string;
  readonly browser: Browser;
}

/**
 * One served client for a test file's suite: the game server (memory store, and any of `options`)
 * started before its tests with `prepare` run on it first (e.g. games written to its archive),
 * everything closed after.
 */
export function suiteServedClient(
  secret: string,
  prepare: (server: GameServer) => Promise<void> = async () => {},
  options: Partial<Pick<ServerOptions, 'operators'>> = {},
): ServedClient {
  let own: { dir: string; own: boolean } | undefined;
  let server: GameServer | undefined;
  let browser: Browser | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    own = await builtClient();
    server = await buildServer({ store: new MemoryTableStore(), secret, logger: false, webRoot: own.dir, ...options });
    await prepare(server);
    url = await server.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (own?.own) await rm(own.dir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the served client has not started (its beforeAll failed or has not run)');
    return value;
  };
  return {
    get url() {
      return started(url);
    },
    get browser() {
      return started(browser);
    },
  };
}
