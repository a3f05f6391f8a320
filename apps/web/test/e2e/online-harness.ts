import { mkdir, rm } from 'node:fs/promises';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { startGameServer } from '../support/server.ts';
import { ARTIFACTS, type Harness, builtClient, launchBrowser, watchErrors } from './harness.ts';

/**
 * The real thing: the game server (`build()` from @fives/server, tables in Redis) serving the
 * built client from its own origin, as it ships, and Chromium to play at it.
 */
export async function startOnlineHarness(seed: string, handPauseMs = 0): Promise<Harness> {
  const { dir: outDir, own } = await builtClient();
  const server = await startGameServer({ seed, webRoot: outDir, handPauseMs });
  const browser = await launchBrowser();
  await mkdir(ARTIFACTS, { recursive: true });
  return {
    url: server.url,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
      if (own) await rm(outDir, { recursive: true, force: true });
    },
  };
}

export type Person = Page & { errors: string[] };

/** A person in a browser of their own (their own storage: their own guest), at `path`. */
export async function person(h: Harness, size: { width: number; height: number }, path = '/', locale = 'en-US'): Promise<Person> {
  const context: BrowserContext = await h.browser.newContext({
    locale,
    viewport: size,
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    hasTouch: size.width < 500,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = watchErrors(await context.newPage());
  await page.goto(`${h.url}${path}`);
  return page;
}

/** The page's guest token and player id, once it has a name on the server. */
export async function guestOf(h: Harness, p: Page): Promise<{ token: string; id: string }> {
  await p.waitForFunction(() => localStorage.getItem('fives.guest') !== null);
  const token = await p.evaluate(() => (JSON.parse(localStorage.getItem('fives.guest') ?? '{}') as { token: string }).token);
  const res = await fetch(`${h.url}/api/tokens/refresh`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const { player } = (await res.json()) as { player: { id: string } };
  return { token, id: player.id };
}

/** Types a name into the lobby and saves it (Save for a newcomer's picked name, Rename after a chosen one). */
export async function sayName(page: Page, name: string): Promise<void> {
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: /^(Save|Rename)$/ }).click();
}

/** From the lobby, named: a table with `players` seats against the computer, dealt at once. */
export async function playNowOnline(page: Page, players: 2 | 3 | 4): Promise<void> {
  await page.getByRole('radiogroup', { name: 'Players at the table' }).getByText(String(players), { exact: true }).click();
  const play = page.getByRole('button', { name: 'Play now online' });
  await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Play now online' && !b.disabled));
  await play.click();
  await page.locator('.table-screen').waitFor();
}

/**
 * Two people at one table, each in a browser of their own: Ada (at `adaSize`) opens a private
 * table for two, Bob (at `bobSize`) comes in by its invite link, and Ada deals. Resolves when both
 * see the table; `path` is its address.
 */
export async function twoAtATable(
  h: Harness,
  adaSize: { width: number; height: number },
  bobSize: { width: number; height: number },
): Promise<{ ada: Person; bob: Person; path: string }> {
  const ada = await person(h, adaSize);
  await sayName(ada, 'Ada');
  await ada.getByRole('button', { name: 'Rename' }).waitFor();
  await ada.getByRole('radiogroup', { name: 'Players at the table' }).getByText('2', { exact: true }).click();
  await ada.getByText('More options').click();
  await ada.locator('.friends input').fill('1');
  await ada.getByRole('button', { name: 'Create private table' }).click();
  const invite = ada.locator('.invite input');
  await invite.waitFor();
  const path = new URL(await invite.inputValue()).pathname;
  const bob = await person(h, bobSize, path);
  await sayName(bob, 'Bob');
  await bob.locator('.seats li.me', { hasText: 'Bob' }).waitFor();
  await ada.getByRole('heading', { name: 'Everyone is here' }).waitFor();
  await ada.getByRole('button', { name: 'Start the game' }).click();
  await Promise.all([ada.locator('.table-screen').waitFor(), bob.locator('.table-screen').waitFor()]);
  return { ada, bob, path };
}

/**
 * A switch between the page and the server's socket: while closed, nothing the server says
 * reaches the page (so the page cannot connect); `drop()` cuts the live connection as a lost
 * network would. Installed before the page opens its socket.
 */
export interface SocketGate {
  close(): void;
  open(): void;
  drop(): Promise<void>;
}

export async function gateSocket(page: Page): Promise<SocketGate> {
  let closed = false;
  const held: { route: WebSocketRoute; message: string | Buffer }[] = [];
  let live: WebSocketRoute | null = null;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    live = ws;
    const server = ws.connectToServer();
    server.onMessage((message) => {
      if (closed) held.push({ route: ws, message });
      else ws.send(message);
    });
  });
  return {
    close: () => {
      closed = true;
    },
    open: () => {
      closed = false;
      // What a dropped connection held dies with it, as it would on a real network.
      for (const h of held.splice(0)) if (h.route === live) h.route.send(h.message);
    },
    drop: async () => {
      await live?.close();
    },
  };
}
