import type { PlayerId } from '@fives/protocol';

/** One follow: whom, the name they had when followed ("" once they deleted their account), since when. */
export interface Follow {
  readonly playerId: PlayerId;
  readonly name: string;
  readonly since: string;
}

export type Followed = 'followed' | 'exists' | 'too_many';

/**
 * Who follows whom (docs/protocol.md#friends-and-presence): PostgreSQL beside the archive
 * (DATABASE_URL), or this process's memory for the embedded default. Both pass
 * `test/contract/follow-store.test.ts`.
 */
export interface FollowStore {
  readonly kind: 'postgres' | 'memory';
  /** `follower` follows `followed` (known to them as `name`); refused past `max` follows. */
  follow(follower: PlayerId, followed: PlayerId, name: string, at: string, max: number): Promise<Followed>;
  /** False when there was no such follow. */
  unfollow(follower: PlayerId, followed: PlayerId): Promise<boolean>;
  /** The people `follower` follows, newest first. */
  follows(follower: PlayerId): Promise<Follow[]>;
  /** A deleted account: the follows it made go, and its name goes from the follows of it. */
  forget(id: PlayerId): Promise<void>;
}

interface StoredFollow extends Follow {
  readonly follower: PlayerId;
}

export class MemoryFollows implements FollowStore {
  readonly kind = 'memory';
  private list: StoredFollow[] = [];

  async follow(follower: PlayerId, followed: PlayerId, name: string, at: string, max: number): Promise<Followed> {
    if (this.list.some((f) => f.follower === follower && f.playerId === followed)) return 'exists';
    if (this.list.filter((f) => f.follower === follower).length >= max) return 'too_many';
    this.list.push({ follower, playerId: followed, name, since: at });
    return 'followed';
  }

  async unfollow(follower: PlayerId, followed: PlayerId): Promise<boolean> {
    const before = this.list.length;
    this.list = this.list.filter((f) => !(f.follower === follower && f.playerId === followed));
    return this.list.length < before;
  }

  async follows(follower: PlayerId): Promise<Follow[]> {
    return this.list
      .filter((f) => f.follower === follower)
      .toSorted((a, b) => Date.parse(b.since) - Date.parse(a.since) || (a.playerId < b.playerId ? -1 : 1))
      .map((f) => ({ playerId: f.playerId, name: f.name, since: f.since }));
  }

  async forget(id: PlayerId): Promise<void> {
    this.list = this.list.filter((f) => f.follower !== id).map((f) => (f.playerId === id ? { ...f, name: '' } : f));
  }
}
