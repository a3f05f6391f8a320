import type { TableView } from '@fives/engine';
import { type Flight, reactTo } from '../lib/reactions.ts';
import type { SoundName } from '../lib/sound.ts';

export interface NarrationOptions {
  /** Plays a sound (or not, as the player's settings say). */
  readonly sound: (name: SoundName) => void;
  /** Whether scores fly to the seats (not with reduced motion). */
  readonly flies: () => boolean;
}

/** How many lines of the live log stay for a screen reader's review. */
const KEPT_LINES = 8;

/**
 * What the table tells the player as it goes: the live log a screen reader reads (every move of
 * every seat, in words), the sounds, the scores flying to their seats, and the notice over the
 * status line (a refused move, the host role changing hands, a turn that closed the hand's panel).
 */
export class Narration {
  /** The live log's last lines. */
  lines = $state<{ id: number; text: string }[]>([]);
  /** Scores on their way to a seat's panel. */
  flights = $state<Flight[]>([]);
  /** A notice for the player, shown over the turn's sentence until their next move. */
  notice = $state<string | null>(null);
  #lineId = 0;
  #flightId = 0;
  #previous: TableView | null = null;

  constructor(private readonly o: NarrationOptions) {}

  /** Adds a line to the live log. */
  say(text: string): void {
    this.lines = [...this.lines.slice(1 - KEPT_LINES), { id: ++this.#lineId, text }];
  }

  /** A notice over the status line, said in the log too. */
  tell(text: string): void {
    this.notice = text;
    this.say(text);
  }

  /** A move of the player's refused: told, with the error sound. */
  refuse(text: string): void {
    this.tell(text);
    this.o.sound('error');
  }

  /**
   * A new view: what changed since the last one is said, sounded and flown (the first view, on
   * opening or reloading, says what is now, not how it came to be). Returns the view before it.
   */
  see(next: TableView, names: readonly string[]): TableView | null {
    const r = reactTo(this.#previous, next, names);
    const last = this.#previous;
    this.#previous = next;
    for (const line of r.say) this.say(line);
    for (const s of r.sounds) this.o.sound(s);
    if (this.o.flies() && r.flights.length > 0) this.flights = [...this.flights, ...r.flights.map((f) => ({ id: ++this.#flightId, ...f }))];
    return last;
  }

  /** A flight reached its seat. */
  landed(id: number): void {
    this.flights = this.flights.filter((f) => f.id !== id);
  }
}
