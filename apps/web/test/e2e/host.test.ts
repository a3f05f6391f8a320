import { describe, expect, it } from 'vitest';
import { countLogLines } from './driver.ts';
import { DESKTOP, PHONE, browserTestsWanted, shot, suiteHarness } from './harness.ts';
import { type Person, person, sayName, startOnlineHarness } from './online-harness.ts';

/**
 * Issue 15, point 7: when the host leaves, the role moves on (to the next person by seat) and
 * the table says so: the new host is told they are the host now, the others who is.
 */
describe.runIf(browserTestsWanted())('the host role moving on', () => {
  // A long pause between hands: the stand-in playing for the host who left cannot end the game meanwhile.
  const h = suiteHarness(() => startOnlineHarness('web-host', 60_000));

  /** Ada makes a private table of `players` and the others sit down by its link, in turn (so by seat). */
  async function seated(players: 2 | 3, others: readonly string[]): Promise<Person[]> {
    const ada = await person(h, PHONE);
    await sayName(ada, 'Ada');
    await ada.getByRole('button', { name: 'Rename' }).waitFor();
    await ada.getByRole('radiogroup', { name: 'Players at the table' }).getByText(String(players), { exact: true }).click();
    await ada.getByText('More options').click();
    await ada.locator('.friends input').fill(String(players - 1));
    await ada.getByRole('button', { name: 'Create private table' }).click();
    const invite = ada.locator('.invite input');
    await invite.waitFor();
    const at = new URL(await invite.inputValue()).pathname;
    const people = [ada];
    for (const name of others) {
      const p = await person(h, DESKTOP, at);
      await sayName(p, name);
      await p.locator('.seats li.me', { hasText: name }).waitFor();
      people.push(p);
    }
    return people;
  }

  it('tells the new host, and the others, when the host leaves a game under way', async () => {
    const [ada, bob, cy] = (await seated(3, ['Bob', 'Cy'])) as [Person, Person, Person];
    await ada.getByRole('button', { name: 'Start the game' }).click();
    for (const p of [ada, bob, cy]) await p.locator('.table-screen').waitFor();
    // Nobody is told anything while the role stays where it was.
    const bobTold = await countLogLines(bob, 'You are the host now.');
    const cyTold = await countLogLines(cy, 'Bob is the host now.');
    expect(await bob.locator('[role=log]').textContent()).not.toMatch(/host now/);

    await ada.getByRole('button', { name: 'Leave the table' }).click();
    await ada.getByRole('dialog', { name: 'Leave this game?' }).getByRole('button', { name: 'Leave' }).click();
    await ada.getByRole('button', { name: 'Return to it' }).waitFor();

    // Bob sits next after Ada: he is the host now, on his status line and in the live log; Cy hears who is.
    await expect.poll(() => bob.locator('.status').textContent()).toBe('You are the host now.');
    await expect.poll(() => cy.locator('.status').textContent()).toBe('Bob is the host now.');
    expect(await bobTold.count()).toBe(1);
    expect(await cyTold.count()).toBe(1);
    await shot(bob, 'host-moved-table-desktop');
    for (const p of [ada, bob, cy]) {
      expect(p.errors).toEqual([]);
      await p.context().close();
    }
  }, 90_000);

  it('tells the new host when the host leaves the waiting room, and gives them the host’s controls', async () => {
    const [ada, bob] = (await seated(2, ['Bob'])) as [Person, Person];
    expect(await bob.getByRole('button', { name: 'Start the game' }).count()).toBe(0);
    expect(await bob.getByText('You are the host now.').count()).toBe(0);

    await ada.getByRole('button', { name: 'Leave', exact: true }).click();
    await ada.getByRole('button', { name: 'Create private table' }).waitFor();

    await bob.getByRole('status').filter({ hasText: 'You are the host now.' }).waitFor();
    await bob.locator('.seats li.me', { hasText: 'host' }).waitFor();
    expect(await bob.getByRole('button', { name: 'Start the game' }).isVisible()).toBe(true);
    expect(await bob.getByRole('group', { name: 'Table settings' }).isVisible()).toBe(true);
    await shot(bob, 'host-moved-room-desktop');
    for (const p of [ada, bob]) {
      expect(p.errors).toEqual([]);
      await p.context().close();
    }
  }, 90_000);
});
