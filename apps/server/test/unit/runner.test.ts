import { describe, expect, it } from 'vitest';
import type { ClaimedJob } from '../../src/jobs/job.ts';
import { MemoryJobQueue } from '../../src/jobs/memory.ts';
import { JobRunner } from '../../src/jobs/runner.ts';
import { tableJobKey } from '../../src/jobs/job.ts';
import type { TableId } from '@fives/protocol';

/** The job runner (src/jobs/runner.ts): what it marks done after a run. */
describe('the job runner', () => {
  it('marks a job done after its run, unless the run replaced it itself (a table commit sets its next step)', async () => {
    const queue = new MemoryJobQueue();
    const marked: string[] = [];
    const done = queue.done.bind(queue);
    queue.done = async (job: ClaimedJob) => {
      marked.push(job.key);
      await done(job);
    };
    const now = 1000;
    const replaced = tableJobKey('tA' as TableId);
    const plain = tableJobKey('tB' as TableId);
    await queue.put(replaced, 1, now);
    await queue.put(plain, 1, now);
    const runner = new JobRunner(
      queue,
      () => now,
      async (job) => {
        if (job.kind !== 'table' || job.tableId !== 'tA') return;
        await queue.put(replaced, 2, now + 500);
        return 'replaced';
      },
      {
        pollMs: 60_000,
        leaseMs: 10_000,
        batch: 64,
        onError: (error) => {
          throw error;
        },
      },
    );
    expect(await runner.poll()).toBe(2);
    runner.close();
    expect(marked).toEqual([plain]);
    expect(await queue.dueAt(replaced)).toEqual({ at: now + 500, payload: 2 });
    expect(await queue.dueAt(plain)).toBeNull();
  });
});
