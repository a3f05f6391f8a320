import { describe, expect, it } from 'vitest';
import type { JobQueue } from '../../src/jobs/job.ts';

/** What every JobQueue must do; run against each implementation. */
export function jobsContract(name: string, open: () => Promise<{ jobs: JobQueue; close: () => Promise<void> }>): void {
  describe(`JobQueue contract: ${name}`, () => {
    it('hands out due jobs only, earliest first, each to one claimer until its lease is over', async () => {
      const { jobs, close } = await open();
      await jobs.put('t:late', 1, 300);
      await jobs.put('t:early', 7, 100);
      await jobs.put('t:mid', 2, 200);
      expect(await jobs.claim(99, 1099, 10)).toEqual([]);
      expect(await jobs.claim(250, 1250, 10)).toEqual([
        { key: 't:early', payload: 7, lease: 1250 },
        { key: 't:mid', payload: 2, lease: 1250 },
      ]);
      // Leased: nobody else takes them before the lease is over…
      expect((await jobs.claim(1000, 2000, 10)).map((j) => j.key)).toEqual(['t:late']);
      // …and then somebody may (the node that took them died).
      expect((await jobs.claim(1250, 2250, 10)).map((j) => j.key)).toEqual(['t:early', 't:mid']);
      await close();
    });

    it('two claimers at the same moment never take the same job', async () => {
      const { jobs, close } = await open();
      await Promise.all(Array.from({ length: 40 }, (_, i) => jobs.put(`t:job${i}`, i, 10 + i)));
      const claims = await Promise.all(Array.from({ length: 8 }, () => jobs.claim(100, 5000, 7)));
      const keys = claims.flat().map((j) => j.key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toHaveLength(40);
      await close();
    });

    it('done removes a job, unless it was set again after it was claimed', async () => {
      const { jobs, close } = await open();
      await jobs.put('t:a', 1, 10);
      await jobs.put('t:b', 1, 10);
      const [a, b] = await jobs.claim(10, 100, 10);
      await jobs.put('t:b', 2, 50); // the run committed a change that calls for a new step
      await jobs.done(a!);
      await jobs.done(b!);
      expect(await jobs.dueAt('t:a')).toBeNull();
      expect(await jobs.dueAt('t:b')).toEqual({ at: 50, payload: 2 });
      await close();
    });

    it('never lets an older table version replace a newer one; ifAbsent never replaces', async () => {
      const { jobs, close } = await open();
      await jobs.put('t:x', 5, 100);
      await jobs.put('t:x', 4, 10);
      expect(await jobs.dueAt('t:x')).toEqual({ at: 100, payload: 5 });
      await jobs.put('t:x', 5, 200);
      expect(await jobs.dueAt('t:x')).toEqual({ at: 200, payload: 5 });
      await jobs.put('t:x', 9, 1, 'ifAbsent');
      expect(await jobs.dueAt('t:x')).toEqual({ at: 200, payload: 5 });
      await jobs.put('a:y:1', 0, 30, 'ifAbsent');
      expect(await jobs.dueAt('a:y:1')).toEqual({ at: 30, payload: 0 });
      await close();
    });
  });
}
