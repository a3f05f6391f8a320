import { randomBytes } from 'node:crypto';
import type { Block, GameId, PlayerId, Report, ReportId, ReportReason } from '@fives/protocol';

/** A report as it is filed: the server gives it its id, time and status. */
export interface NewReport {
  readonly reporter: PlayerId;
  readonly reported: PlayerId;
  readonly reason: ReportReason;
  readonly note: string;
  readonly gameId: GameId | null;
  readonly createdAt: string;
}

export type Blocked = 'blocked' | 'exists' | 'too_many';

/**
 * Reports and blocks (docs/protocol.md, "Report and block"): PostgreSQL beside the archive
 * (DATABASE_URL), or this process's memory for the embedded default. Both pass
 * `test/contract/safety.contract.ts`.
 */
export interface SafetyStore {
  readonly kind: 'postgres' | 'memory';
  /** `blocker` blocks `blocked` (known to them as `name`); refused past `max` blocks. */
  block(blocker: PlayerId, blocked: PlayerId, name: string, at: string, max: number): Promise<Blocked>;
  /** False when there was no such block. */
  unblock(blocker: PlayerId, blocked: PlayerId): Promise<boolean>;
  /** The people `blocker` blocks, newest first. */
  blocks(blocker: PlayerId): Promise<Block[]>;
  /** Everyone `id` must not be seated with: those they block and those who block them. */
  avoided(id: PlayerId): Promise<Set<PlayerId>>;
  /** Which of `among` block `id`. */
  blockersOf(id: PlayerId, among: readonly PlayerId[]): Promise<Set<PlayerId>>;
  file(report: NewReport): Promise<Report>;
  /** The open reports, oldest first: what an operator's console lists. */
  openReports(limit: number): Promise<Report[]>;
  /** Closes an open report (an operator dealt with it); null when no open report has that id. */
  closeReport(id: ReportId): Promise<Report | null>;
  /** The reports `reporter` filed, newest first (their data export). */
  reportsBy(reporter: PlayerId): Promise<Report[]>;
  /** A deleted account: the blocks it made go, and its name goes from the blocks of it. */
  forget(id: PlayerId): Promise<void>;
}

export function newReportId(): ReportId {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  // 16 of 36 letters and digits: ~82 bits, from crypto (a report id is never guessed to be read).
  return `r_${[...randomBytes(16)].map((b) => alphabet[b % 36]).join('')}` as ReportId;
}

interface StoredBlock extends Block {
  readonly blocker: PlayerId;
}

export class MemorySafety implements SafetyStore {
  readonly kind = 'memory';
  private blockList: StoredBlock[] = [];
  private reports: Report[] = [];

  async block(blocker: PlayerId, blocked: PlayerId, name: string, at: string, max: number): Promise<Blocked> {
    if (this.blockList.some((b) => b.blocker === blocker && b.playerId === blocked)) return 'exists';
    if (this.blockList.filter((b) => b.blocker === blocker).length >= max) return 'too_many';
    this.blockList.push({ blocker, playerId: blocked, name, since: at });
    return 'blocked';
  }

  async unblock(blocker: PlayerId, blocked: PlayerId): Promise<boolean> {
    const before = this.blockList.length;
    this.blockList = this.blockList.filter((b) => !(b.blocker === blocker && b.playerId === blocked));
    return this.blockList.length < before;
  }

  async blocks(blocker: PlayerId): Promise<Block[]> {
    return this.blockList
      .filter((b) => b.blocker === blocker)
      .toSorted((a, b) => Date.parse(b.since) - Date.parse(a.since) || (a.playerId < b.playerId ? -1 : 1))
      .map((b) => ({ playerId: b.playerId, name: b.name, since: b.since }));
  }

  async avoided(id: PlayerId): Promise<Set<PlayerId>> {
    const out = new Set<PlayerId>();
    for (const b of this.blockList) {
      if (b.blocker === id) out.add(b.playerId);
      if (b.playerId === id) out.add(b.blocker);
    }
    return out;
  }

  async blockersOf(id: PlayerId, among: readonly PlayerId[]): Promise<Set<PlayerId>> {
    return new Set(this.blockList.filter((b) => b.playerId === id && among.includes(b.blocker)).map((b) => b.blocker));
  }

  async file(report: NewReport): Promise<Report> {
    const stored: Report = { id: newReportId(), ...report, status: 'open' };
    this.reports.push(stored);
    return stored;
  }

  async openReports(limit: number): Promise<Report[]> {
    return this.reports.filter((r) => r.status === 'open').slice(0, limit);
  }

  async closeReport(id: ReportId): Promise<Report | null> {
    const open = this.reports.find((r) => r.id === id && r.status === 'open');
    if (open === undefined) return null;
    const closed: Report = { ...open, status: 'closed' };
    this.reports = this.reports.map((r) => (r === open ? closed : r));
    return closed;
  }

  async reportsBy(reporter: PlayerId): Promise<Report[]> {
    return this.reports.filter((r) => r.reporter === reporter).toReversed();
  }

  async forget(id: PlayerId): Promise<void> {
    this.blockList = this.blockList.filter((b) => b.blocker !== id).map((b) => (b.playerId === id ? { ...b, name: '' } : b));
  }
}
