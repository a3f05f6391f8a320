import { afterEach, describe, expect, it, vi } from 'vitest';
import { SerialPoll } from '../../src/jobs/serial-poll.ts';

// The poll the tournament runner and the correspondence keeper share, on a fake clock.
describe('SerialPoll', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs one poll at a time, hands a failure on and goes on, and waits for the run under way when closed', async () => {
    vi.useFakeTimers();
    const events: string[] = [];
    let release: () => void = () => {};
    let runs = 0;
    const poll = new SerialPoll(
      () => {
        const n = ++runs;
        events.push(`start ${n}`);
        if (n === 2) return Promise.reject(new Error('store away'));
        return new Promise<void>((resolve) => {
          release = () => {
            events.push(`end ${n}`);
            resolve();
          };
        });
      },
      100,
      (error) => events.push(`failed: ${(error as Error).message}`),
    );
    poll.start();
    poll.start();
    await vi.advanceTimersByTimeAsync(350);
    // Three ticks, but the first run has not ended: the others wait behind it.
    expect(events).toEqual(['start 1']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['start 1', 'end 1', 'start 2', 'failed: store away', 'start 3']);
    const closed = poll.close();
    let done = false;
    void closed.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false);
    release();
    await closed;
    await vi.advanceTimersByTimeAsync(1000);
    expect(events.at(-1)).toBe('end 3');
    expect(runs).toBe(3);
  });
});
