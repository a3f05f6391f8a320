// `pnpm test:quick`: what a change needs checked before it is pushed, in a few minutes: the
// type-check of every package, the lint of the files changed since main, and the tests that need
// no Redis, PostgreSQL, server process or browser (the unit tiers, CONTRIBUTING.md). `pnpm test`
// (CI) runs everything. Each step prints as it goes; the first that fails stops the run.
import { spawn } from 'node:child_process';

const UNIT_PROJECTS = ['engine', 'protocol', 'table', 'tournament', 'bots', 'server-unit', 'web-unit'];

const steps = [
  ['typecheck', ['pnpm', '--silent', 'typecheck']],
  ['lint (changed files)', ['node', 'scripts/lint.mjs', '--changed']],
  ['unit tests', ['vitest', 'run', ...UNIT_PROJECTS.flatMap((name) => ['--project', name])]],
];

function run([command, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', (error) => {
      process.stderr.write(`test:quick: ${command} could not start (${error.message}); run pnpm install\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

const started = Date.now();
for (const [name, command] of steps) {
  const at = Date.now();
  process.stdout.write(`\ntest:quick: ${name}\n`);
  const code = await run(command);
  process.stdout.write(`test:quick: ${name} ${code === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - at) / 1000).toFixed(1)} s\n`);
  if (code !== 0) process.exit(code);
}
process.stdout.write(`test:quick: all passed in ${((Date.now() - started) / 1000).toFixed(1)} s (pnpm test runs the rest)\n`);
