import { rm } from 'node:fs/promises';
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

  async function device(): Promise<Device> {
    const context = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', locale: 'en-US' });
    const page = watchErrors(await context.newPage());
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await page.goto(`${ORIGIN}/`);
    return { page, cdp, authenticatorId, context };
  }

  const panel = (p: Page) => p.getByTestId('account');
  const tokenOf = (p: Page): Promise<string | null> => p.evaluate(() => (JSON.parse(localStorage.getItem('fives.guest') ?? 'null') as { token: string } | null)?.token ?? null);
  const idOf = (token: string | null): string => (JSON.parse(Buffer.from((token ?? '').split('.')[0] ?? '', 'base64url').toString()) as { id: string }).id;

  async function named(d: Device, name: string): Promise<void> {
    await sayName(d.page, name);
    await d.page.waitForFunction(() => localStorage.getItem('fives.guest') !== null);
    await panel(d.page).getByRole('button', { name: 'Keep my name' }).and(d.page.locator(':enabled')).waitFor();
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

    // Someone else, with a Cyrillic А: the same name to a reader, refused.
    const third = await device();
    await named(third, 'АDA');
    await panel(third.page).getByRole('button', { name: 'Keep my name' }).click();
    await expect
      .poll(() => panel(third.page).getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('Someone already keeps this name, or one that looks the same. Choose another name first.');

    // Signing out: this browser forgets the token, and is a new guest.
    await panel(second.page).getByRole('button', { name: 'Sign out' }).click();
    await panel(second.page).getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    expect(await tokenOf(second.page)).toBeNull();

    // Deleting, after the question: the passkey signs in no more.
    const adaToken = await tokenOf(first.page);
    await panel(first.page).getByRole('button', { name: 'Delete my account' }).click();
    await first.page.getByRole('button', { name: 'Delete it' }).click();
    await panel(first.page).getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    const after = await server.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${adaToken}` } });
    // The deleted account's token is refused outright, not taken for a guest with no account.
    expect(after.json()).toMatchObject({ error: { code: 'auth/account_deleted' } });
    await panel(second.page).getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(() => panel(second.page).getByRole('alert').textContent(), { timeout: 15_000 }).toBe('The passkey did not work, or it was cancelled.');

    for (const d of [first, second, third]) {
      // A refused request is the browser's console error ("Failed to load resource"): those are the test's own.
      expect(d.page.errors.filter((e) => !/status of 40[149]/.test(e))).toEqual([]);
      await d.context.close();
    }
  }, 120_000);
});
