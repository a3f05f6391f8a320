import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `fives ARGS` the way `pnpm --silent fives` does (tsx, from the workspace root). */
export function fives(args: string[], input?: string): CliRun {
  const r = spawnSync(process.execPath, ['--import', 'tsx', main, ...args], {
    cwd: root,
    input,
    encoding: 'utf8',
    env: { ...process.env, INIT_CWD: root },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
