// `pnpm lint`: ESLint and Prettier's check side by side, since none needs another's result, and
// ESLint as two processes: the web app (its one TypeScript program, with the Svelte components)
// and the rest (the packages', the server's and the CLI's programs). The two share no program, so
// splitting costs only a second start-up, and the lint takes as long as the slowest part rather
// than all of them one after the other (docs/performance.md, "The lint"). Each prints as it goes;
// the lint fails if any does.
// `node scripts/lint.mjs [--quick]`: --quick lets ESLint cache its results (see package.json).
import { spawn } from 'node:child_process';

const quick = process.argv.includes('--quick');
const cache = (name) => (quick ? ['--cache', '--cache-strategy', 'content', '--cache-location', `node_modules/.cache/eslint-${name}/`] : []);
const WEB = 'apps/web';
const eslintWeb = ['eslint', ...cache('web'), WEB];
const eslintRest = ['eslint', ...cache('rest'), '--ignore-pattern', `${WEB}/**`, '.'];
const prettier = ['prettier', '--check', '--cache', '--cache-strategy', 'content', '.'];

// svelte-eslint-parser's ts.sys hook: without it typescript-eslint rebuilds the web program for
// every .svelte file (the program reads the component's source from disk, ESLint hands it the
// component's virtual TypeScript, so they never match: eslint-plugin-svelte#1552); with it the
// program reads the same virtual TypeScript and is built once. Same findings, the web part's
// CPU 71 → 50 s. The parser prints one line saying the hook is experimental.
const env = { ...process.env, SVELTE_ESLINT_PARSER_EXPERIMENTAL_TS_SYS_HOOK: '1' };

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

const codes = await Promise.all([run(eslintWeb), run(eslintRest), run(prettier)]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
