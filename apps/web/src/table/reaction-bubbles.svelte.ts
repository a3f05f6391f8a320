import { type PlayerId, REACTION_SHOW_MS } from '@fives/protocol';
import type { SeatSummary, TableReaction } from '../connection/types.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { seatName } from '../lib/names.ts';
import { reactionName, reactionShown } from '../lib/reaction-words.ts';

interface Bubble {
  readonly id: number;
  readonly player: PlayerId;
  readonly text: string;
}

/** What the bubbles need from the table screen: its live log, and the player's mutes. */
export interface BubblePorts {
  /** Adds a line to the screen reader's live log. */
  readonly say: (text: string) => void;
  /** Whether this player's reactions are heard (not muted). */
  readonly hears: (player: PlayerId) => boolean;
}

/**
 * The table's quick reactions as the screen shows them: each beside its seat for a while and
 * said once, unless its player is muted; and who sits where, as their reactions told (muting is
 * by player), for the reaction menu to offer to mute them.
 */
export class ReactionBubbles {
  readonly #ports: BubblePorts;
  #bubbles = $state<Readonly<Record<number, Bubble | null>>>({});
  #reactors = $state<Readonly<Record<number, PlayerId>>>({});
  #heardUpTo = 0;

  constructor(ports: BubblePorts) {
    this.#ports = ports;
  }

  /** The table's latest reactions (the connection keeps a few): the ones not heard yet are shown and said. */
  hear(list: readonly TableReaction[], me: number | null, names: readonly string[]): void {
    for (const r of list) {
      if (r.id <= this.#heardUpTo) continue;
      this.#heardUpTo = r.id;
      if (this.#reactors[r.seat] !== r.player) this.#reactors = { ...this.#reactors, [r.seat]: r.player };
      const mine = r.seat === me;
      if (!mine && !this.#ports.hears(r.player)) continue;
      this.#bubbles = { ...this.#bubbles, [r.seat]: { id: r.id, player: r.player, text: reactionShown(r.reaction) } };
      this.#ports.say(t('reactions.said', { name: mine ? t('common.you') : seatName(names, r.seat), reaction: reactionName(r.reaction) }));
      setTimeout(() => {
        if (this.#bubbles[r.seat]?.id === r.id) this.#bubbles = { ...this.#bubbles, [r.seat]: null };
      }, REACTION_SHOW_MS);
    }
  }

  /** A seat's reaction showing now: one muted meanwhile goes at once. */
  bubbleOf(seat: number, me: number | null): string | null {
    const b = this.#bubbles[seat];
    return b == null || (seat !== me && !this.#ports.hears(b.player)) ? null : b.text;
  }

  /** The other people at the table who have reacted, for the menu's mute list. */
  people(me: number | null, seats: readonly SeatSummary[], names: readonly string[]): { readonly player: PlayerId; readonly name: string }[] {
    return Object.entries(this.#reactors)
      .map(([seat, player]) => ({ seat: Number(seat), player }))
      .filter((p) => p.seat !== me && seats[p.seat]?.kind === 'human')
      .map((p) => ({ player: p.player, name: seatName(names, p.seat) }));
  }
}
