import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayRecord } from '../src/index.ts';

/**
 * Worked records with the replay output they must give. Files 01–09 come from shared/golden
 * (made independently of this engine); the rest are this project's own, one per rule and
 * option, each checked by hand as its note explains.
 */
const dir = new URL('./golden/', import.meta.url);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

interface Golden {
  note: string;
  record: unknown;
  expected: { ok: boolean; error?: { hand: number; action: number; code?: string }; [key: string]: unknown };
}

describe('golden records', () => {
  it('has the shared ones and our own', () => {
    expect(files.length).toBeGreaterThanOrEqual(9);
  });

  for (const file of files) {
    it(file, () => {
      const golden = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as Golden;
      const { exitCode, output } = replayRecord(golden.record);
      const { error: expectedError, ...expectedRest } = golden.expected;
      const { error, ...rest } = output as typeof golden.expected;
      expect(rest).toEqual(expectedRest);
      if (expectedError) {
        // Error codes are the engine's own; where the error is, is not.
        expect(exitCode).toBe(1);
        expect(error).toMatchObject({ hand: expectedError.hand, action: expectedError.action });
        if (expectedError.code?.includes('/')) expect(error?.code).toBe(expectedError.code);
      } else {
        expect(exitCode).toBe(0);
        expect(error).toBeUndefined();
      }
    });
  }
});
