import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeProblems } from './axe.ts';
import { DESKTOP, type Harness, PHONE, browserTestsWanted, shot } from './harness.ts';
import { person, sayName, startOnlineHarness, twoAtATable } from './online-harness.ts';

/**
 * Quick reactions between two people in browsers of their own, against the real server: sent
 * from the menu, shown beside the sender's seat on the other screen and said once in its live
 * log; one person muted (their reactions go at once, and stay gone after a reload); the menu
 * open passes axe-core.
 */
describe.runIf(browserTestsWanted())('quick reactions in Chromium', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startOnlineHarness('web-reactions');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const log = (p: Page): Promise<string[]> => p.locator('[role=log] p').allTextContents();
  /** Sends a reaction from the menu (it closes again, focus back on its button). */
  async function react(p: Page, name: string): Promise<void> {
    await p.getByRole('button', { name: 'React' }).click();
    await p.getByRole('group', { name: 'Quick reactions' }).getByRole('button', { name, exact: true }).click();
  }

  it('shows a reaction beside its sender, says it once, and mutes one person for good', async () => {
    const { ada, bob, path } = await twoAtATable(h, DESKTOP, PHONE);

    // The menu: reachable from the keyboard, its choices 44 px or more, and nothing for axe.
    const toggle = ada.getByRole('button', { name: 'React' });
    await toggle.focus();
    await ada.keyboard.press('Enter');
    const menu = ada.getByRole('group', { name: 'Quick reactions' });
    await menu.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const first = menu.getByRole('button', { name: 'Nice!' });
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    for (const b of await menu.getByRole('button').all()) {
      const box = (await b.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    expect(await menu.getByRole('button', { name: 'Thumbs up' }).textContent()).toBe('👍');
    expect(await axeProblems(ada)).toEqual([]);
    await shot(ada, 'reactions-menu-desktop');
    await ada.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // Cy watches: no reactions to send, only the mutes; Cy sees and hears the others' too.
    const cy = await person(h, PHONE, path);
    await sayName(cy, 'Cy');
    await cy.locator('.table-screen').waitFor();
    expect(await cy.getByRole('button', { name: 'React', exact: true }).count()).toBe(0);
    await cy.getByRole('button', { name: 'Reactions', exact: true }).click();
    expect(await cy.getByRole('group', { name: 'Quick reactions' }).getByRole('button').count()).toBe(0);
    expect(await cy.getByRole('checkbox', { name: 'Mute everyone’s quick reactions' }).isChecked()).toBe(false);
    await cy.keyboard.press('Escape');

    // Ada reacts: Bob sees it by her seat and hears it once; Ada sees her own.
    await react(ada, 'Nice!');
    // Both at once: each shows for only a few seconds, which a slow screenshot could outlast.
    await Promise.all([bob, ada].map((p) => p.locator('#seat-0 .bubble', { hasText: 'Nice!' }).waitFor()));
    await shot(bob, 'reaction-phone');
    await expect.poll(() => log(bob)).toContain('Ada: Nice!');
    expect((await log(bob)).filter((l) => l === 'Ada: Nice!')).toHaveLength(1);
    expect(await log(ada)).toContain('You: Nice!');
    await expect.poll(() => log(cy)).toContain('Ada: Nice!');
    // Gone after a few seconds.
    await bob.locator('#seat-0 .bubble').waitFor({ state: 'detached', timeout: 10_000 });

    // Bob mutes Ada. Her next reaction reaches his browser before his own (one socket, in order), and shows nowhere.
    await bob.getByRole('button', { name: 'React' }).click();
    await bob.getByRole('checkbox', { name: 'Mute Ada' }).check();
    await bob.keyboard.press('Escape');
    await react(ada, 'Thumbs up');
    await ada.locator('#seat-0 .bubble', { hasText: '👍' }).waitFor();
    await react(bob, 'Oops');
    await Promise.all([bob, ada].map((p) => p.locator('#seat-1 .bubble', { hasText: 'Oops' }).waitFor()));
    expect(await bob.locator('#seat-0 .bubble').count()).toBe(0);
    expect(await log(bob)).not.toContain('Ada: Thumbs up');
    expect(await log(ada)).toContain('Bob: Oops');

    // Kept in this browser: after a reload Ada is still muted.
    const kept = await bob.evaluate(() => JSON.parse(localStorage.getItem('fives.settings') ?? '{}') as { mutedPlayers?: string[] });
    expect(kept.mutedPlayers).toHaveLength(1);
    await bob.reload();
    await bob.locator('.table-screen').waitFor();
    await bob.locator('#seat-1').getByText('Bob (you)').waitFor({ state: 'attached' });
    await react(ada, 'Well counted');
    await ada.locator('#seat-0 .bubble', { hasText: 'Well counted' }).waitFor();
    await react(bob, 'Thanks');
    await bob.locator('#seat-1 .bubble', { hasText: 'Thanks' }).waitFor();
    expect(await bob.locator('#seat-0 .bubble').count()).toBe(0);
    expect((await log(bob)).filter((l) => /^(You|Ada|Bob): /.test(l))).toEqual(['You: Thanks']);
    await bob.getByRole('button', { name: 'React' }).click();
    expect(await bob.getByRole('checkbox', { name: 'Mute Ada' }).isChecked()).toBe(true);
    expect(await axeProblems(bob)).toEqual([]);

    for (const p of [ada, bob, cy]) expect(p.errors).toEqual([]);
    await Promise.all([ada, bob, cy].map((p) => p.context().close()));
  }, 120_000);
});
