import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './axe.ts';
import { DESKTOP, type Harness, SMALL_PHONE, browserTestsWanted } from './harness.ts';
import { guestOf, person, sayName, startOnlineHarness } from './online-harness.ts';

/**
 * The lobby's friends card against the real server, in Chromium on a 320 px phone and a 1440 px
 * desktop: Ada follows Bob and sees him online; she challenges him with the lobby's rules, he gets
 * the challenge live in his card and accepts, and both are taken to the table it dealt. axe-core
 * finds nothing on the list nor on the challenge.
 */
describe.runIf(browserTestsWanted())('friends in the lobby, in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startOnlineHarness('web-friends');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  /** Asks the server until `token`'s friend `id` is `kind` (the card reads the list once on load, then every 30 s). */
  async function untilPresence(token: string, id: string, kind: string): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${h.url}/api/friends`, { headers: { authorization: `Bearer ${token}` } });
      const { friends } = (await res.json()) as { friends: { playerId: string; presence: { kind: string } }[] };
      if (friends.find((f) => f.playerId === id)?.presence.kind === kind) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`never: ${id} ${kind}`);
  }

  for (const [size, name] of [
    [SMALL_PHONE, '320 px phone'],
    [DESKTOP, '1440 px desktop'],
  ] as const) {
    it(`lists a friend online, and a challenge is accepted into a table, on a ${name}`, async () => {
      const ada = await person(h, size);
      const bob = await person(h, size);
      await sayName(ada, 'Ada');
      await sayName(bob, 'Bob');
      const [a, b] = await Promise.all([guestOf(h, ada), guestOf(h, bob)]);
      // Ada knows Bob from a table he made (a newcomer has no games yet), and follows him.
      const made = await fetch(`${h.url}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
        body: JSON.stringify({ rules: { players: 2 } }),
      });
      const { tableId } = (await made.json()) as { tableId: string };
      const followed = await fetch(`${h.url}/api/follows/${b.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${a.token}` },
        body: JSON.stringify({ tableId }),
      });
      expect(followed.status).toBe(200);

      await untilPresence(a.token, b.id, 'online');
      await ada.reload();
      const card = ada.locator('section', { has: ada.getByRole('heading', { name: 'Friends', exact: true }) });
      await card.getByText('Bob', { exact: true }).waitFor();
      await card.getByText('Online', { exact: true }).waitFor();
      expect(await axeProblems(ada)).toEqual([]);
      // Nothing wider than the screen at 320 px.
      expect(await ada.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await card.getByRole('button', { name: 'Challenge Bob' }).click();
      await card.getByRole('status').getByText('Challenge sent to Bob.').waitFor();
      const offer = bob.getByRole('group', { name: 'Ada challenges you to a game' });
      await offer.waitFor();
      expect(await axeProblems(bob)).toEqual([]);
      await offer.getByRole('button', { name: 'Accept' }).click();
      await Promise.all([ada.locator('.table-screen').waitFor(), bob.locator('.table-screen').waitFor()]);

      // Bob follows Ada back from her seat's panel at the table.
      await bob.getByRole('button', { name: 'Report or block Ada' }).click();
      const panel = bob.getByRole('dialog', { name: 'Report or block Ada' });
      await panel.getByRole('button', { name: 'Follow Ada' }).click();
      await panel.getByRole('button', { name: 'Stop following Ada', pressed: true }).waitFor();
      expect(await axeProblems(bob)).toEqual([]);
      const back = await fetch(`${h.url}/api/friends`, { headers: { authorization: `Bearer ${b.token}` } });
      expect(((await back.json()) as { friends: { playerId: string }[] }).friends.map((f) => f.playerId)).toEqual([a.id]);
      await panel.getByRole('button', { name: 'Close' }).click();

      // Cy follows Bob (he knows him from the same table) and watches him play from the card.
      const cy = await person(h, size);
      await sayName(cy, 'Cy');
      const c = await guestOf(h, cy);
      await fetch(`${h.url}/api/follows/${b.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
        body: JSON.stringify({ tableId }),
      });
      await untilPresence(c.token, b.id, 'playing');
      await cy.reload();
      const cards = cy.locator('section', { has: cy.getByRole('heading', { name: 'Friends', exact: true }) });
      await cards.getByText('Playing', { exact: true }).waitFor();
      expect(await axeProblems(cy)).toEqual([]);
      await cards.getByRole('button', { name: 'Watch Bob' }).click();
      await cy.locator('.table-screen').waitFor();
      for (const p of [ada, bob, cy]) {
        expect(p.errors).toEqual([]);
        await p.context().close();
      }
    }, 90_000);
  }
});
