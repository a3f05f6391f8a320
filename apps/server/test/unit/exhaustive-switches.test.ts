import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// These switches return nothing, so TypeScript says nothing when their union gains a member
// they do not handle: the lint (`pnpm lint`, part of `pnpm test`) is what must catch it.
// Each case takes one branch out of the real file, as if its member had just been added. (The
// leader switch that fairness.ts had is the engine's `leaderChoice` now, which returns and ends in
// `assertNever`: TypeScript itself refuses it incomplete.)
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const RULE = '@typescript-eslint/switch-exhaustiveness-check';

const switches = [
  { file: 'apps/server/src/tables/log.ts', member: 'settings', branch: "    case 'settings':\n" },
  { file: 'packages/engine/src/record.ts', member: 'handEnd', branch: "      case 'handEnd':\n        break;\n" },
];

async function switchFindings(eslint: ESLint, file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('the lint catches a switch that misses a member of its union', () => {
  // One ESLint for all: the type-aware rule builds each package's TypeScript program once.
  const eslint = new ESLint({ cwd: root });

  for (const { file, member, branch } of switches) {
    it(`${file} without its '${member}' branch`, { timeout: 180_000 }, async () => {
      const source = await readFile(join(root, file), 'utf8');
      expect(source.split(branch)).toHaveLength(2);
      expect(await switchFindings(eslint, file, source)).toEqual([]);
      const findings = await switchFindings(eslint, file, source.replace(branch, ''));
      expect(findings).toHaveLength(1);
      expect(findings[0]).toContain(`"${member}"`);
    });
  }
});
