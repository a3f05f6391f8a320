import { describe, expect, it } from 'vitest';
import { fives } from './run-cli.ts';

describe('fives client --policy', () => {
  it('refuses a name that is no policy, even one every object answers to (toString, constructor)', () => {
    // Port 1: nothing listens, so an option wrongly accepted ends in a refused connection (code 1), not a game.
    for (const name of ['toString', 'constructor', 'nonsense']) {
      const r = fives(['client', '--url', 'http://127.0.0.1:1', '--name', 'X', '--policy', name, '--create', '{"players":2}', '--timeout', '1']);
      expect(r.code, `${name}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toMatch(/--policy must be one of (random|greedy|defensive|expert)(, (random|greedy|defensive|expert)){3}\n/);
    }
    // Three runs of the command, each starting Node and tsx: seconds on a busy 2-core machine.
  }, 60_000);
});
