import { readFile, rm } from 'node:fs/promises';
import { AccountExportSchema } from '@fives/protocol';
import { MemoryTableStore, build as buildServer } from '@fives/server';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, browserTestsWanted, builtClient, launchBrowser, watchErrors } from './harness.ts';
import { sayName } from './online-harness.ts';

/** This file's port (7400–7499 is this test's range): http://localhost is a secure context, and a host name, as an RP ID must be. */
const PORT = 7431;
const ORIGIN = `http://localhost:${PORT}`;

interface Device {
  readonly page: Page & { errors: string[] };
  readonly cdp: CDPSession;
  readonly authenticatorId: string;
  readonly context: BrowserContext;
}

/**
 * Keeping a name with a passkey in Chromium, against the real server, with the DevTools
 * protocol's virtual authenticator (CTAP2, internal, resident keys, user verification): keep the
 * name, sign in on a second browser (the credential copied across), sign out, delete the account;
 * a look-alike name is refused.
 */
describe.runIf(browserTestsWanted())('passkeys in the browser', () => {
  let server: Awaited<ReturnType<typeof buildServer>>;
  let browser: Browser;
  let own: { dir: string; own: boolean };

  beforeAll(async () => {
    own = await builtClient();
    server = await buildServer({ store: new MemoryTableStore(), secret: 'web-passkeys-secret-0123456789', logger: false, webRoot: own.dir, publicUrl: ORIGIN });
    await server.listen({ port: PORT, host: '127.0.0.1' });
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (own?.own) await rm(own.dir, { recursive: true, force: true });
  });

  async function device(origin = ORIGIN): Promise<Device> {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', locale: 'en-US' });
    const page = watchErrors(await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(`${origin}/`);
    return { page, cdp, authenticatorId, context };
  }

  const panel = (p: Page) => p.getByTestId('account');
  const tokenOf = (p: Page): Promise<string | null> => p.evaluate(() => (JSON.parse(localStorage.getItem('fives.guest') ?? 'null') as { token: string } | null)?.token ?? null);
  const idOf = (token: string | null): string => (JSON.parse(Buffer.from((token ?? '').split('.')[0] ?? '', 'base64url').toString()) as { id: string }).id;

  /** The name the server knows this browser by (its guest token's). */
  const guestName = (p: Page): Promise<string | null> => p.evaluate(() => (JSON.parse(localStorage.getItem('fives.guest') ?? 'null') as { name: string } | null)?.name ?? null);

  async function named(d: Device, name: string): Promise<void> {
    await sayName(d.page, name);
    await expect.poll(() => guestName(d.page), { timeout: 10_000 }).toBe(name);
    await panel(d.page).getByRole('button', { name: 'Keep my name' }).and(d.page.locator(':enabled')).waitFor();
  }

  /** What a named player sees in the lobby: the name in its field, and the play buttons working. */
  async function playsAs(p: Page, name: string): Promise<void> {
    await expect.poll(() => p.getByLabel('Your name').inputValue(), { timeout: 10_000 }).toBe(name);
    await p.getByRole('button', { name: 'Rename' }).waitFor();
    expect(await p.getByRole('button', { name: 'Practice vs computer' }).isEnabled()).toBe(true);
    await p.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Play now online' && !b.disabled));
  }

  it('keeps a name, signs in with it on another browser, signs out, refuses a look-alike and deletes the account', async () => {
    const first = await device();
    await named(first, 'Ada');
    const guestToken = await tokenOf(first.page);
    await panel(first.page).getByRole('button', { name: 'Keep my name' }).click();
    await expect.poll(() => panel(first.page).getByTestId('kept-name').textContent(), { timeout: 15_000 }).toBe('Your name Ada is kept with a passkey.');
    const adaId = idOf(guestToken);
    expect(idOf(await tokenOf(first.page))).toBe(adaId);
    await expect.poll(() => panel(first.page).getByRole('listitem').count()).toBe(1);

    // The second browser gets the same passkey, as a synced passkey would reach another device.
    const { credentials } = await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId });
    expect(credentials).toHaveLength(1);
    const second = await device();
    await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0] as (typeof credentials)[number] });
    await panel(second.page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => panel(second.page).getByTestId('kept-name').textContent(), { timeout: 15_000 }).toBe('Your name Ada is kept with a passkey.');
    expect(idOf(await tokenOf(second.page))).toBe(adaId);
    // Issue 31: the new device plays as Ada at once, and still after a reload (the name is the token's, not only this page's).
    await playsAs(second.page, 'Ada');
    await second.page.reload();
    await playsAs(second.page, 'Ada');
    await expect.poll(() => panel(second.page).getByTestId('kept-name').textContent(), { timeout: 15_000 }).toBe('Your name Ada is kept with a passkey.');

    // Someone else, with a Cyrillic А: the same name to a reader, refused outright, in words, and the lobby keeps their own name.
    const third = await device();
    const before = await third.page.getByLabel('Your name').inputValue();
    await sayName(third.page, 'АDA');
    await expect
      .poll(() => third.page.locator('.lobby > .notice[role=alert]').textContent(), { timeout: 15_000 })
      .toBe('Someone keeps that name with a passkey (or one that looks the same): choose another.');
    expect(await guestName(third.page)).toBe(before);
    await named(third, 'Grace');
    // A kept name's own player renames the account: the lobby and the account say the same name.
    await sayName(first.page, 'Ada King');
    await expect.poll(() => panel(first.page).getByTestId('kept-name').textContent(), { timeout: 15_000 }).toBe('Your name Ada King is kept with a passkey.');
    expect(await first.page.getByLabel('Your name').inputValue()).toBe('Ada King');
    expect(idOf(await tokenOf(first.page))).toBe(adaId);
    // …and Grace may not take it either.
    await sayName(third.page, 'ada king');
    await expect
      .poll(() => third.page.locator('.lobby > .notice[role=alert]').textContent(), { timeout: 15_000 })
      .toBe('Someone keeps that name with a passkey (or one that looks the same): choose another.');

    // Signing out: this browser forgets the token and the name, and is a new guest under a picked name.
    await panel(second.page).getByRole('button', { name: 'Sign out' }).click();
    await panel(second.page).getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    const signedOut = await tokenOf(second.page);
    expect(signedOut === null || idOf(signedOut) !== adaId).toBe(true);
    expect(await second.page.getByLabel('Your name').inputValue()).toMatch(/^[A-Z][a-z]+ \d{3}$/);

    // Their data, as a file the browser saves: the player, the account (no keys), their games.
    const [download] = await Promise.all([first.page.waitForEvent('download'), panel(first.page).getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe(`fives-${adaId}.json`);
    const saved = AccountExportSchema.parse(JSON.parse(await readFile(await download.path(), 'utf8')));
    expect(saved).toMatchObject({ player: { id: adaId, name: 'Ada King' }, account: { id: adaId, name: 'Ada King' }, games: [] });
    await panel(first.page).getByRole('status').waitFor();

    // Deleting, after the question: answering "keep" keeps it; then the passkey signs in no more.
    const adaToken = await tokenOf(first.page);
    await panel(first.page).getByRole('button', { name: 'Delete my account' }).click();
    await first.page.getByRole('button', { name: 'Keep my account' }).click();
    expect((await server.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${adaToken}` } })).statusCode).toBe(200);
    await panel(first.page).getByRole('button', { name: 'Delete my account' }).click();
    await first.page.getByRole('button', { name: 'Delete it' }).click();
    await panel(first.page).getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    const after = await server.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${adaToken}` } });
    // The deleted account's token is refused outright, not taken for a guest with no account.
    expect(after.json()).toMatchObject({ error: { code: 'auth/revoked' } });
    await panel(second.page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => panel(second.page).getByRole('alert').textContent(), { timeout: 15_000 }).toBe('The passkey did not work, or it was cancelled.');

    for (const d of [first, second, third]) {
      // A refused request is the browser's console error ("Failed to load resource"): those are the test's own.
      expect(d.page.errors.filter((e) => !/status of 40[149]/.test(e))).toEqual([]);
      await d.context.close();
    }
  }, 120_000);

  it('at 127.0.0.1 says why passkeys cannot work there and where they do, in both languages', async () => {
    const local = await device(`http://127.0.0.1:${PORT}`);
    const why = `Passkeys need the site’s name, not a bare address like 127.0.0.1:${PORT}: open http://localhost:${PORT}/ instead.`;
    expect(await panel(local.page).getByTestId('needs-host-name').textContent()).toBe(why);
    await panel(local.page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => panel(local.page).getByRole('alert').textContent(), { timeout: 15_000 }).toBe(why);
    await local.context.close();

    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    expect(await panel(page).getByTestId('needs-host-name').textContent()).toBe(
      `Las llaves de acceso necesitan el nombre del sitio, no una dirección como 127.0.0.1:${PORT}: abre http://localhost:${PORT}/.`,
    );
    await context.close();
  }, 60_000);
});
