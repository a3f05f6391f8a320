import { type GameState, apply, dealFromSeed, legalActions, newGame, startHand, view } from '@fives/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { BotPool } from '../../src/bots/pool.ts';
import type { ThinkTask } from '../../src/bots/thinker.ts';
import { BotThreads } from '../support/bot-threads.ts';

/** A hand of four where the seat to move has a choice of plays (what the pool is for). */
function choice(): { state: GameState; task: ThinkTask } {
  const started = newGame({ preset: 'muggins', players: 4 });
  if (!started.ok) throw new Error(started.error.message);
  const dealt = startHand(started.value, dealFromSeed(started.value.rules, 'pool-test').deal);
  if (!dealt.ok) throw new Error(dealt.error.message);
  let state = dealt.value;
  for (let i = 0; i < 40; i++) {
    const seen = view(state, state.hand!.turn);
    const legal = legalActions(seen);
    if (i > 0 && legal.filter((a) => a.type === 'play').length > 1) return { state, task: { level: 'expert', view: seen, seed: 'pool-test', budget: { samples: 12 } } };
    const next = apply(state, legal[0]!);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  throw new Error('no choice of plays in this deal');
}

describe('the bot thread pool', () => {
  let pool: BotPool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('thinks a legal move from the seat view on a thread, the same every time for the same seed', async () => {
    const { state, task } = choice();
    const times: number[] = [];
    pool = new BotPool({ threads: 1, deadlineMs: 60_000, thought: (ms) => times.push(ms) });
    const first = await pool.think(task);
    const again = await pool.think(task);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(first.action).toEqual(again.action);
    expect(apply(state, first.action!).ok).toBe(true);
    expect(times).toHaveLength(2);
  }, 60_000);

  it('a thread that throws answers with the failure and is replaced by a fresh one; the next decision is thought there', async () => {
    const threads = new BotThreads();
    const { task } = choice();
    pool = new BotPool({ threads: 1, deadlineMs: 60_000, entry: threads.options.botWorkerEntry, workerData: threads.options.botWorkerData });
    expect((await pool.think(task)).ok).toBe(true);
    const before = threads.lastThread;
    threads.next('throws');
    const failed = await pool.think(task);
    expect(failed).toMatchObject({ ok: false, failure: 'threw' });
    const after = await pool.think(task);
    expect(after, JSON.stringify(after)).toMatchObject({ ok: true });
    expect(threads.lastThread).not.toBe(before);
  }, 60_000);

  it('a thread that hangs past its deadline is terminated and replaced; decisions waiting behind it are thought on the new one', async () => {
    const threads = new BotThreads();
    const { task } = choice();
    pool = new BotPool({ threads: 1, deadlineMs: 4000, entry: threads.options.botWorkerEntry, workerData: threads.options.botWorkerData });
    // Started first (a thread's start is not part of any deadline below).
    expect((await pool.think(task)).ok).toBe(true);
    const before = threads.lastThread;
    threads.next('hangs');
    const [hung, behind] = await Promise.all([pool.think(task), pool.think(task)]);
    expect(hung).toMatchObject({ ok: false, failure: 'hung' });
    expect(behind.ok).toBe(true);
    expect(threads.lastThread).not.toBe(before);
  }, 60_000);

  it('closing answers the decisions under way and waiting as closed, never as a move', async () => {
    const threads = new BotThreads();
    const { task } = choice();
    pool = new BotPool({ threads: 1, deadlineMs: 60_000, entry: threads.options.botWorkerEntry, workerData: threads.options.botWorkerData });
    threads.next('holds');
    const held = pool.think(task);
    const waiting = pool.think(task);
    await threads.untilHeld();
    expect(pool.waiting()).toBe(1);
    await pool.close();
    expect(await held).toMatchObject({ ok: false, failure: 'closed' });
    expect(await waiting).toMatchObject({ ok: false, failure: 'closed' });
  }, 60_000);
});
