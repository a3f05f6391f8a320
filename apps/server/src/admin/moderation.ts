import type { AdminAction, PlayerId } from '@fives/protocol';

/** A player an operator turned away: every token of theirs is refused (`auth/banned`) until `until` (null: for good). */
export interface Ban {
  readonly player: PlayerId;
  readonly reason: string;
  readonly by: string;
  readonly at: Date;
  readonly until: Date | null;
}

/** One line of the operators' log: who did what to what, and when. */
export interface LoggedAction {
  readonly at: Date;
  readonly operator: string;
  readonly action: AdminAction;
  /** The player, table or report acted on (empty for the site's notice). */
  readonly target: string;
  /** What the action said: a ban's reason and end, a rename's old and new names, the notice's text. */
  readonly detail: Readonly<Record<string, string | null>>;
}

/** What operators decided of a player: a ban in force, a name given. */
export interface Standing {
  readonly ban: Ban | null;
  readonly name: string | null;
}

/** The site-wide notice shown in the lobby, or none. */
export interface SiteNotice {
  readonly text: string;
  readonly by: string;
  readonly at: Date;
}

/**
 * What operators decide and what they did, kept for good: bans, the site's notice, and the log of
 * every action. In PostgreSQL with the archive (`moderation-postgres.ts`), else in memory.
 */
export interface ModerationStore {
  readonly kind: 'postgres' | 'memory';
  /** Bans `ban.player` (a second ban replaces the first). */
  ban(ban: Ban): Promise<void>;
  /** Lifts the player's ban; false if there was none. */
  unban(player: PlayerId): Promise<boolean>;
  /** The player's ban in force at `now`, and the name an operator gave them (null: their own), in one read: every token shown asks. */
  standing(player: PlayerId, now: Date): Promise<Standing>;
  /** The name the player goes by from now on, whatever their token says. */
  rename(player: PlayerId, name: string): Promise<void>;
  /** Every ban in force at `now`, the latest first. */
  bans(now: Date): Promise<Ban[]>;
  setNotice(notice: SiteNotice | null): Promise<void>;
  notice(): Promise<SiteNotice | null>;
  log(action: LoggedAction): Promise<void>;
  /** The latest `limit` actions, the latest first. */
  recent(limit: number): Promise<LoggedAction[]>;
}

const inForce = (ban: Ban, now: Date): boolean => ban.until === null || ban.until.getTime() > now.getTime();

/** In this process only: with the archive in memory (one node, nothing durable). */
export class MemoryModeration implements ModerationStore {
  readonly kind = 'memory';
  private readonly banned_ = new Map<PlayerId, Ban>();
  private readonly names = new Map<PlayerId, string>();
  private notice_: SiteNotice | null = null;
  private readonly actions: LoggedAction[] = [];

  async ban(ban: Ban): Promise<void> {
    this.banned_.set(ban.player, ban);
  }

  async unban(player: PlayerId): Promise<boolean> {
    return this.banned_.delete(player);
  }

  async standing(player: PlayerId, now: Date): Promise<Standing> {
    const ban = this.banned_.get(player);
    return { ban: ban !== undefined && inForce(ban, now) ? ban : null, name: this.names.get(player) ?? null };
  }

  async rename(player: PlayerId, name: string): Promise<void> {
    this.names.set(player, name);
  }

  async bans(now: Date): Promise<Ban[]> {
    return [...this.banned_.values()].filter((b) => inForce(b, now)).sort((a, b) => b.at.getTime() - a.at.getTime());
  }

  async setNotice(notice: SiteNotice | null): Promise<void> {
    this.notice_ = notice;
  }

  async notice(): Promise<SiteNotice | null> {
    return this.notice_;
  }

  async log(action: LoggedAction): Promise<void> {
    this.actions.push(action);
  }

  async recent(limit: number): Promise<LoggedAction[]> {
    return this.actions.slice(-limit).reverse();
  }
}
