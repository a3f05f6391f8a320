import { expect, it } from 'vitest';

it("sets zod's jitless flag where zod reads it, before zod is loaded", async () => {
  await import('../src/lib/no-eval.ts');
  const { config } = await import('zod/mini');
  expect(config().jitless).toBe(true);
});
