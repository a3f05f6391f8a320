// `pnpm lint`: ESLint and Prettier's check side by side, since neither needs the other's result:
// the lint takes as long as the slower of the two (ESLint's type-aware rules) rather than both
// one after the other. ESLint stays one process: split in two (the web app, the rest) it spent
// 25 s more CPU, the programs' shared sources checked twice, and took longer on two cores
// (docs/performance.md, "The lint"). Each prints as it goes; the lint fails if either does.
// `node scripts/lint.mjs [--quick] [--changed]`: --quick lets ESLint cache its results (see
// package.json); --changed lints only the files changed since main (committed on this branch, staged,
// unstaged or new), for `pnpm test:quick`: a finding in another file that the change caused is
// left to `pnpm lint`, which CI runs.
import { spawn } from 'node:child_process';
import { changedFiles } from './changed.mjs';

const quick = process.argv.includes('--quick');
const changed = process.argv.includes('--changed') ? await changedFiles() : null;
const lintable = changed?.filter((file) => /\.(ts|js|mjs|svelte)$/.test(file)) ?? ['.'];
const eslint = ['eslint', '--no-warn-ignored', ...(quick ? ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'] : []), ...lintable];
const prettier = ['prettier', '--check', '--ignore-unknown', '--cache', '--cache-strategy', 'content', ...(changed ?? ['.'])];

// svelte-eslint-parser's ts.sys hook: without it typescript-eslint rebuilds the web program for
// every .svelte file (the program reads the component's source from disk, ESLint hands it the
// component's virtual TypeScript, so they never match: eslint-plugin-svelte#1552); with it the
// program reads the same virtual TypeScript and is built once. Same findings; ESLint's CPU
// 180 → 133 s here. The parser prints one line saying the hook is experimental.
// A young generation of 64 MB (V8's default is 16): building the TypeScript programs allocates
// fast and keeps much of it, and fewer, larger scavenges took ESLint's wall time from 63–77 s to
// 55–67 s here in pairs run one after the other, at the same peak memory (about 2.5 GB).
const nodeOptions = [process.env.NODE_OPTIONS, '--max-semi-space-size=64'].filter(Boolean).join(' ');
const env = { ...process.env, SVELTE_ESLINT_PARSER_EXPERIMENTAL_TS_SYS_HOOK: '1', NODE_OPTIONS: nodeOptions };

function run([command, ...args]) {
  return new Promise((resolve) => {
    // Through the shell, as package.json scripts run, so node_modules/.bin is on the PATH pnpm gives.
    const child = spawn(command, args, { stdio: 'inherit', env, shell: process.platform === 'win32' });
    child.on('error', (error) => {
      process.stderr.write(`lint: ${command} could not start (${error.message}); run pnpm install\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

if (changed?.length === 0) {
  process.stdout.write('lint: no file changed since main\n');
  process.exit(0);
}
const codes = await Promise.all([lintable.length > 0 ? run(eslint) : 0, run(prettier)]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
