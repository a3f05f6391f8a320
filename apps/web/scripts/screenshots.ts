import { spawnSync } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import UPNG from 'upng-js';

/**
 * `pnpm --filter @fives/web screenshots`: runs the browser tests (which play real games, online
 * against the server and Redis, and save what they see in test-artifacts/), then copies a
 * curated set into docs/screenshots/ for the README, reduced to 256 colours so they stay small.
 * `… screenshots test/e2e/layout.test.ts` runs that file alone and refreshes only its pictures.
 */
const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ARTIFACTS = path.join(WEB, 'test-artifacts');
const DOCS = path.resolve(WEB, '../../docs/screenshots');

/** docs name ← test artifact: phone is 390×844, desktop 1440×900. */
const CURATED: readonly (readonly [string, string])[] = [
  ['lobby-phone.png', 'lobby-online-phone.png'],
  ['lobby-desktop.png', 'lobby-online-desktop.png'],
  ['invited-desktop.png', 'invited-desktop.png'],
  ['waiting-room-phone.png', 'waiting-room-phone.png'],
  ['waiting-room-desktop.png', 'waiting-room-code-desktop.png'],
  ['queue-phone.png', 'queue-phone.png'],
  ['open-tables-phone.png', 'open-tables-phone.png'],
  ['table-2p-phone.png', 'table-2p-phone.png'],
  ['table-3p-desktop.png', 'table-3p-desktop.png'],
  ['table-4p-phone.png', 'table-4p-phone.png'],
  ['table-4p-desktop.png', 'table-4p-desktop.png'],
  ['choose-end-phone.png', 'choose-end-phone.png'],
  ['spectator-phone.png', 'spectator-phone.png'],
  ['reconnecting-phone.png', 'reconnecting-phone.png'],
  ['score-sheet-phone.png', 'online-score-sheet-phone.png'],
  ['score-sheet-desktop.png', 'online-score-sheet-desktop.png'],
  // A long hand's layout (test/e2e/layout.test.ts) at the three sizes of issue 15.
  ['layout-long-320.png', 'layout-long-320.png'],
  ['layout-long-390.png', 'layout-long-390.png'],
  ['layout-long-1440.png', 'layout-long-1440.png'],
  ['leave-ask-phone.png', 'leave-ask-phone.png'],
  ['lobby-return-phone.png', 'lobby-return-phone.png'],
  ['stood-in-phone.png', 'stood-in-phone.png'],
  ['lobby-es-phone.png', 'lobby-es-phone.png'],
  ['lobby-es-desktop.png', 'lobby-es-desktop.png'],
  ['table-es-phone.png', 'table-es-phone.png'],
  ['table-es-desktop.png', 'table-es-desktop.png'],
  ['leave-ask-es-phone.png', 'leave-ask-es-phone.png'],
  ['leave-ask-es-desktop.png', 'leave-ask-es-desktop.png'],
  // French on a phone and Brazilian Portuguese on a desktop (test/e2e/more-languages.test.ts).
  ['lobby-fr-phone.png', 'lobby-fr.png'],
  ['table-fr-phone.png', 'table-fr.png'],
  ['lobby-pt-desktop.png', 'lobby-pt-BR.png'],
  ['table-pt-desktop.png', 'table-pt-BR.png'],
  // The archive's pages (test/e2e/archive.test.ts): a game's replay and analysis at /g/, a player's games at /p/.
  ['archive-replay-desktop.png', 'archive-replay.png'],
  ['archive-analysis-desktop.png', 'archive-analysis.png'],
  ['archive-player-desktop.png', 'archive-player.png'],
  ['archive-replay-phone.png', 'archive-replay-phone.png'],
  ['archive-player-phone.png', 'archive-player-phone.png'],
  ['archive-replay-es-phone.png', 'archive-replay-es-phone.png'],
  ['archive-player-es-phone.png', 'archive-player-es-phone.png'],
];

/** Test files named on the command line run alone, and only the screenshots they make are copied. */
const only = process.argv.slice(2);

const started = Date.now();
const run = spawnSync('pnpm', ['exec', 'vitest', 'run', ...(only.length > 0 ? only : ['test/e2e'])], {
  cwd: WEB,
  stdio: 'inherit',
  env: { ...process.env, FIVES_SKIP_BROWSER: '0' },
});
if (run.status !== 0) {
  process.stderr.write('screenshots: the browser tests failed; docs/screenshots/ left as it was\n');
  process.exit(run.status ?? 1);
}

await mkdir(DOCS, { recursive: true });
let total = 0;
for (const [name, artifact] of CURATED) {
  const from = path.join(ARTIFACTS, artifact);
  const made = await stat(from).catch(() => null);
  // With test files named, only what this run saved (older pictures in test-artifacts/ stay where they are).
  if (only.length > 0 && (made === null || made.mtimeMs < started)) continue;
  if (made === null) throw new Error(`the tests did not save ${artifact}`);
  const image = UPNG.decode((await readFile(from)).buffer);
  const rgba = UPNG.toRGBA8(image)[0];
  if (rgba === undefined) throw new Error(`${artifact} has no frame`);
  const small = Buffer.from(UPNG.encode([rgba], image.width, image.height, 256));
  await writeFile(path.join(DOCS, name), small);
  total += small.length;
  process.stdout.write(`${name.padEnd(28)} ${image.width}×${image.height}  ${Math.round(small.length / 1024)} KiB\n`);
}
process.stdout.write(`${CURATED.length} screenshots in docs/screenshots/, ${Math.round(total / 1024)} KiB in all\n`);
