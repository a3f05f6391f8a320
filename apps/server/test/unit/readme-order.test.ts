import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const README = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');

/** A newcomer reads how to run and test it first; running it for others (operations) comes after. */
describe('the README', () => {
  const sections = README.split('\n').filter((l) => l.startsWith('## '));

  it('opens with the quick start and the tests, before the screenshots and the operations', () => {
    expect(sections.slice(0, 2)).toEqual(['## Quick start (development)', '## Tests']);
    expect(sections.indexOf('## Self-hosting')).toBeGreaterThan(1);
    expect(sections.indexOf('## Settings')).toBeGreaterThan(sections.indexOf('## Self-hosting'));
  });

  it('shows the run command within its first 30 lines', () => {
    const line = README.split('\n').findIndex((l) => l.startsWith('pnpm start'));
    expect(line).toBeGreaterThan(-1);
    expect(line).toBeLessThan(30);
  });
});
