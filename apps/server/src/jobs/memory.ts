import type { ClaimedJob, JobQueue, PutMode } from './job.ts';

/** Pending jobs in this process: the in-memory store mode's twin of `RedisJobQueue`. */
export class MemoryJobQueue implements JobQueue {
  private readonly jobs = new Map<string, { at: number; payload: number }>();

  async put(key: string, payload: number, at: number, mode: PutMode = 'replace'): Promise<void> {
    this.putNow(key, payload, at, mode);
  }

  /** The same as `put`, synchronously: the memory stores set jobs inside their own atomic steps. */
  putNow(key: string, payload: number, at: number, mode: PutMode = 'replace'): void {
    const current = this.jobs.get(key);
    if (current !== undefined && (mode === 'ifAbsent' || current.payload > payload)) return;
    this.jobs.set(key, { at, payload });
  }

  removeNow(key: string): void {
    this.jobs.delete(key);
  }

  async claim(now: number, leaseUntil: number, limit: number): Promise<ClaimedJob[]> {
    const due = [...this.jobs.entries()]
      .filter(([, j]) => j.at <= now)
      .sort((a, b) => a[1].at - b[1].at || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit);
    return due.map(([key, j]) => {
      j.at = leaseUntil;
      return { key, payload: j.payload, lease: leaseUntil };
    });
  }

  /** Jobs due at `now` and not claimed. */
  dueCount(now: number): number {
    let n = 0;
    for (const j of this.jobs.values()) if (j.at <= now) n++;
    return n;
  }

  async done(job: ClaimedJob): Promise<void> {
    const current = this.jobs.get(job.key);
    if (current !== undefined && current.at === job.lease && current.payload === job.payload) this.jobs.delete(job.key);
  }

  async dueAt(key: string): Promise<{ at: number; payload: number } | null> {
    const j = this.jobs.get(key);
    return j === undefined ? null : { ...j };
  }
}
