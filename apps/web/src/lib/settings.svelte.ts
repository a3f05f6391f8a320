/** The player's preferences, kept in this browser. */
export const SPEEDS = ['off', 'fast', 'normal', 'slow'] as const;
export type Speed = (typeof SPEEDS)[number];
const SPEED_FACTOR: Record<Speed, number> = { off: 0, fast: 0.5, normal: 1, slow: 1.7 };

export interface SettingsData {
  sound: boolean;
  speed: Speed;
  showCount: boolean;
  hints: boolean;
  /** Draw and pass by themselves when nothing fits. */
  autoDraw: boolean;
  /** A notification when the player's turn comes while the tab is hidden (the browser asks for permission). */
  notify: boolean;
  /** Other people's quick reactions are neither shown nor said. */
  muteReactions: boolean;
  /** The players (ids) whose reactions are neither shown nor said, wherever they sit. */
  mutedPlayers: string[];
}

const KEY = 'fives.settings';
/** Enough for anyone's list; a stored one longer than this is cut, so the settings stay small. */
const MAX_MUTED = 200;

function defaults(): SettingsData {
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return { sound: true, speed: reduced ? 'off' : 'normal', showCount: true, hints: true, autoDraw: false, notify: false, muteReactions: false, mutedPlayers: [] };
}

function load(): SettingsData {
  const base = defaults();
  try {
    const raw = globalThis.localStorage.getItem(KEY);
    if (!raw) return base;
    const stored = JSON.parse(raw) as Partial<SettingsData>;
    return {
      sound: typeof stored.sound === 'boolean' ? stored.sound : base.sound,
      speed: SPEEDS.includes(stored.speed as Speed) ? (stored.speed as Speed) : base.speed,
      showCount: typeof stored.showCount === 'boolean' ? stored.showCount : base.showCount,
      hints: typeof stored.hints === 'boolean' ? stored.hints : base.hints,
      autoDraw: typeof stored.autoDraw === 'boolean' ? stored.autoDraw : base.autoDraw,
      notify: typeof stored.notify === 'boolean' ? stored.notify : base.notify,
      muteReactions: typeof stored.muteReactions === 'boolean' ? stored.muteReactions : base.muteReactions,
      mutedPlayers: Array.isArray(stored.mutedPlayers) ? stored.mutedPlayers.filter((p): p is string => typeof p === 'string').slice(-MAX_MUTED) : base.mutedPlayers,
    };
  } catch {
    // Private windows may refuse storage; the defaults still play.
    return base;
  }
}

class Settings {
  data = $state<SettingsData>(load());

  /** An animation's length at the chosen speed; 0 when animations are off. */
  ms(base: number): number {
    return Math.round(base * SPEED_FACTOR[this.data.speed]);
  }

  /** Whether this player's reactions reach the screen (neither all reactions nor theirs muted). */
  hears(player: string): boolean {
    return !this.data.muteReactions && !this.data.mutedPlayers.includes(player);
  }

  /** Mutes one player's reactions, or lets them through again; kept at once. */
  mutePlayer(player: string, muted: boolean): void {
    const others = this.data.mutedPlayers.filter((p) => p !== player);
    this.data.mutedPlayers = muted ? [...others, player].slice(-MAX_MUTED) : others;
    this.save();
  }

  save(): void {
    try {
      globalThis.localStorage.setItem(KEY, JSON.stringify(this.data));
    } catch {
      // Not kept, but still applied for this visit.
    }
  }
}

export const settings = new Settings();
