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
}

const KEY = 'fives.settings';

function defaults(): SettingsData {
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  return { sound: true, speed: reduced ? 'off' : 'normal', showCount: true, hints: true, autoDraw: false, notify: false };
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

  save(): void {
    try {
      globalThis.localStorage.setItem(KEY, JSON.stringify(this.data));
    } catch {
      // Not kept, but still applied for this visit.
    }
  }
}

export const settings = new Settings();
