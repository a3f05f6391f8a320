import type { RecordHand } from '@fives/engine';
import type { OpenTable, PlayerId, TableCode, TableId } from '@fives/protocol';
import { archiveJobKey, awayJobKey, tableJobKey } from '../jobs/job.ts';
import { MemoryJobQueue } from '../jobs/memory.ts';
import { MemoryThinkQueue } from '../jobs/thinking.ts';
import { MemoryMatchmaking } from '../lobby/matchmaking-memory.ts';
import { queueOfRules } from '../lobby/matchmaking.ts';
import { fromStored, openEntry, seatedMarks, type TableDoc, toStored } from '@fives/table';
import type { CommitRequest, Committed, Created, FinishedEntry, KeptRecord, TableCounts, TableStore } from './store.ts';

export interface MemoryStoreOptions {
  /** How long a game's record is kept after its last hand, ms (0: for ever). */
  readonly recordRetentionMs?: number;
}

/**
 * One process's tables, gone when it exits. Tables are kept as JSON text, as Redis keeps them, so
 * nothing can hold on to a stored object and change it behind the store's back.
 */
export class MemoryTableStore implements TableStore {
  readonly kind = 'memory';
  readonly durable = false;
  readonly jobs = new MemoryJobQueue();
  readonly thinking = new MemoryThinkQueue();
  private readonly seated = new Map<string, TableId>();
  readonly matchmaking = new MemoryMatchmaking(this.jobs, this.seated);
  private readonly tables = new Map<string, string>();
  private readonly versions = new Map<string, number>();
  private readonly watchers = new Map<string, number>();
  /** Each game's hands, and until when they are kept (the last hand's time plus the retention). */
  private readonly records = new Map<string, { hands: string[]; until: number }>();
  /** Tables brought back (`restore`) and when: touched then, whatever their last change. */
  private readonly restoredAt = new Map<TableId, number>();
  private readonly kept = new Map<TableId, { record: KeptRecord; until: number }>();
  /** Finished games not yet archived (the outbox), by `<table>:<game>`. */
  private readonly finished = new Map<string, string>();
  private readonly retentionMs: number;

  constructor(options: MemoryStoreOptions = {}) {
    this.retentionMs = options.recordRetentionMs ?? 0;
  }
  private readonly codes = new Map<string, TableId>();
  private readonly open = new Map<TableId, { at: number; entry: string }>();

  async create(doc: TableDoc, stepAt: number | null = null): Promise<Created> {
    if (this.tables.has(doc.id)) return 'idTaken';
    if (this.codes.has(doc.code)) return 'codeTaken';
    this.codes.set(doc.code, doc.id);
    this.put(doc, stepAt);
    return 'created';
  }

  async restore(doc: TableDoc, hands: readonly RecordHand[], stepAt: number | null, now: number): Promise<Created> {
    const created = await this.create(doc, stepAt);
    if (created !== 'created') return created;
    this.restoredAt.set(doc.id, now);
    // Kept from now, as Redis's PEXPIRE counts it.
    this.records.set(`${doc.id}:${doc.game}`, { hands: hands.map((h) => JSON.stringify(h)), until: this.keptUntil(now) });
    return 'created';
  }

  async load(id: TableId): Promise<TableDoc | null> {
    const text = this.tables.get(id);
    if (text === undefined) return null;
    const read = fromStored(JSON.parse(text) as unknown);
    if (!read.ok) throw new Error(`table ${id} cannot be read: ${read.error.message}`);
    return read.value;
  }

  async idForCode(code: TableCode): Promise<TableId | null> {
    return this.codes.get(code) ?? null;
  }

  async confirmWrites(): Promise<boolean> {
    return true;
  }

  async commit({ next, append, stepAt = null, finished, previous = next.version - 1 }: CommitRequest): Promise<Committed> {
    if (this.versions.get(next.id) !== previous) return { written: false, spectators: 0, elsewhere: false };
    this.put(next, stepAt);
    if (finished !== undefined) {
      const game = finished.entry.summary.game;
      this.finished.set(`${next.id}:${game}`, JSON.stringify(finished.entry));
      this.jobs.putNow(archiveJobKey(next.id, game), game, finished.at);
    }
    if (append !== undefined) {
      const key = `${next.id}:${append.game}`;
      const list = this.records.get(key)?.hands ?? [];
      list.push(JSON.stringify(append.hand));
      this.records.set(key, { hands: list, until: this.keptUntil(Date.parse(next.updatedAt)) });
    }
    // One process: every connection is on this node.
    return { written: true, spectators: this.watchers.get(next.id) ?? 0, elsewhere: false };
  }

  async reachHere(): Promise<void> {
    // One process, one node: nothing to publish to.
  }

  async watch(id: TableId, delta: 1 | -1): Promise<void> {
    if (!this.tables.has(id)) return;
    this.watchers.set(id, Math.max(0, (this.watchers.get(id) ?? 0) + delta));
  }

  async recordHands(id: TableId, game: number): Promise<RecordHand[]> {
    return (this.records.get(`${id}:${game}`)?.hands ?? []).map((text) => JSON.parse(text) as RecordHand);
  }

  async countTables(): Promise<TableCounts> {
    const counts: TableCounts = { waiting: 0, playing: 0, over: 0 };
    for (const text of this.tables.values()) counts[(JSON.parse(text) as TableDoc).phase]++;
    return counts;
  }

  /** Also forgets the records whose retention is over (Redis does that by itself, with TTLs). */
  async expireIdle(cutoff: number, limit: number, now: number): Promise<TableId[]> {
    const expired: TableId[] = [];
    for (const text of this.tables.values()) {
      if (expired.length >= limit) break;
      const doc = JSON.parse(text) as TableDoc;
      if (Math.max(Date.parse(doc.updatedAt), this.restoredAt.get(doc.id) ?? 0) > cutoff) continue;
      expired.push(doc.id);
      await this.remove(doc, now);
    }
    for (const [key, r] of this.records) if (r.until <= now) this.records.delete(key);
    for (const [id, k] of this.kept) if (k.until <= now) this.kept.delete(id);
    return expired;
  }

  async removeTable(id: TableId, now: number): Promise<boolean> {
    const text = this.tables.get(id);
    if (text === undefined) return false;
    await this.remove(JSON.parse(text) as TableDoc, now);
    return true;
  }

  /** The table and everything that points at it; its records kept for the retention time. */
  private async remove(doc: TableDoc, now: number): Promise<void> {
    this.tables.delete(doc.id);
    this.restoredAt.delete(doc.id);
    this.versions.delete(doc.id);
    this.watchers.delete(doc.id);
    if (this.codes.get(doc.code) === doc.id) this.codes.delete(doc.code);
    this.open.delete(doc.id);
    for (const [player, table] of this.seated) if (table === doc.id) this.seated.delete(player);
    this.jobs.removeNow(tableJobKey(doc.id));
    for (let seat = 0; seat < 4; seat++) this.jobs.removeNow(awayJobKey(doc.id, seat));
    // A match still pending for it (made in the queue of its rules): forgotten, with its job.
    const queue = queueOfRules(doc.rulesInput);
    if (queue !== null) await this.matchmaking.settle(queue, doc.id);
    if (doc.game > 0) this.kept.set(doc.id, { record: { rulesInput: doc.rulesInput, games: doc.game }, until: this.keptUntil(now) });
  }

  async finishedGame(id: TableId, game: number): Promise<FinishedEntry | null> {
    const text = this.finished.get(`${id}:${game}`);
    return text === undefined ? null : (JSON.parse(text) as FinishedEntry);
  }

  async archived(id: TableId, game: number, records: boolean): Promise<void> {
    this.finished.delete(`${id}:${game}`);
    if (records) this.records.delete(`${id}:${game}`);
  }

  async keptRecord(id: TableId): Promise<KeptRecord | null> {
    return this.kept.get(id)?.record ?? null;
  }

  async activeTables(): Promise<TableId[]> {
    const out: TableId[] = [];
    for (const text of this.tables.values()) {
      const doc = JSON.parse(text) as TableDoc;
      if (doc.phase === 'playing') out.push(doc.id);
    }
    return out;
  }

  async openTables(limit: number): Promise<OpenTable[]> {
    return [...this.open.entries()]
      .sort((a, b) => b[1].at - a[1].at || (a[0] < b[0] ? 1 : -1))
      .slice(0, limit)
      .map(([, o]) => JSON.parse(o.entry) as OpenTable);
  }

  private keptUntil(from: number): number {
    return this.retentionMs > 0 ? from + this.retentionMs : Number.POSITIVE_INFINITY;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}

  private put(doc: TableDoc, stepAt: number | null): void {
    this.tables.set(doc.id, JSON.stringify(toStored(doc)));
    this.versions.set(doc.id, doc.version);
    const entry = openEntry(doc);
    if (entry === null) this.open.delete(doc.id);
    else this.open.set(doc.id, { at: Date.parse(doc.createdAt), entry: JSON.stringify(entry) });
    for (const [player, seated] of seatedMarks(doc)) {
      if (seated) {
        this.seated.set(player, doc.id);
        // Sitting down here while waiting in a queue: out of its line (as the Redis store's mark does).
        this.matchmaking.dropWaiting(player as PlayerId);
      } else if (this.seated.get(player) === doc.id) this.seated.delete(player);
    }
    if (stepAt === null) this.jobs.removeNow(tableJobKey(doc.id));
    else this.jobs.putNow(tableJobKey(doc.id), doc.version, stepAt);
  }
}
