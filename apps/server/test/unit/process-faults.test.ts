import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('a promise rejection nobody handles', () => {
  it('is logged and counted, and the process goes on', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'test/support/unhandled-process.ts'], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const said = JSON.parse(run.stdout.trim()) as { alive: boolean; counted: number; logged: string[] };
    expect(said).toMatchObject({ alive: true, counted: 1 });
    expect(said.logged).toHaveLength(1);
    expect(said.logged[0]).toMatch(/unhandled promise rejection/);
  });
});
