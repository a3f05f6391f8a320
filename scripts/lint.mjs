// `pnpm lint`: ESLint and Prettier's check side by side, since neither needs the other's result:
// the lint takes as long as the slower of the two (ESLint's type-aware rules, ~55 s on two
// cores) rather than both one after the other. Each prints as it goes; the lint fails if either does.
// `node scripts/lint.mjs [--quick]`: --quick lets ESLint cache its results (see package.json).
import { spawn } from 'node:child_process';

const quick = process.argv.includes('--quick');
const eslint = ['eslint', ...(quick ? ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/'] : []), '.'];
const prettier = ['prettier', '--check', '--cache', '--cache-strategy', 'content', '.'];

function run([command, ...args]) {
  return new Promise((resolve) => {
    // Through the shell, as package.json scripts run, so node_modules/.bin is on the PATH pnpm gives.
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', (error) => {
      process.stderr.write(`lint: ${command} could not start (${error.message}); run pnpm install\n`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal === null ? 1 : 128)));
  });
}

const codes = await Promise.all([run(eslint), run(prettier)]);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
