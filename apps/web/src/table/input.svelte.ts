import type { End, TableView } from '@fives/engine';
import type { Move } from '../connection/types.ts';
import { playMove } from '../connection/wire.ts';
import { t } from '../i18n/i18n.svelte.ts';
import { type TileOption, playOptions } from '../lib/hints.ts';
import { type Command, NO_SELECTION, type Selection, onKey, pick } from '../lib/keyboard.ts';
import { endLabel, tileLabel } from '../lib/names.ts';

/** The table as the player's input reads it, live: the screen passes getters over its props. */
export interface InputTable {
  readonly view: TableView;
  /** Where each tile may go now (none while a move is on its way). */
  readonly options: ReadonlyMap<string, readonly TileOption[]>;
  /** The one move the rules leave (draw or pass), if that is all; null while a move is on its way. */
  readonly forced: 'draw' | 'pass' | null;
  /** A move is on its way and not answered yet: nothing more to play until it is. */
  readonly sending: boolean;
}

/** What the input does with what the player meant: a move to send, a refusal and a line to say, and whether hints show. */
export interface InputPorts {
  readonly move: (move: Move) => void;
  /** Says why that cannot be played now (the status line, the live log, a sound). */
  readonly refuse: (text: string) => void;
  readonly say: (text: string) => void;
  readonly hints: () => boolean;
}

const CANT = { draw: ['refuse.cantDraw', 'refuse.cantDrawFits'], pass: ['refuse.cantPass', 'refuse.cantPassFits'] } as const;

/**
 * The player's hand input, whichever way it comes: keys, taps and clicks, and a tile dragged and
 * dropped. One selection (which tile has focus, which end is being chosen) and the tile in the
 * air; what the player meant becomes a move, or a refusal that says why.
 */
export class TableInput {
  selection = $state<Selection>(NO_SELECTION);
  /** The tile being dragged, if any: the board offers its ends. */
  dragTile = $state<string | null>(null);
  readonly #table: InputTable;
  readonly #ports: InputPorts;

  constructor(table: InputTable, ports: InputPorts) {
    this.#table = table;
    this.#ports = ports;
  }

  /** The ends the board offers for the tile dragged or being chosen; with hints off they take the tile but keep their counts to themselves. */
  get offers(): TileOption[] {
    const drag = this.dragTile;
    const options = drag !== null ? (this.#table.options.get(drag) ?? []) : (this.selection.choosing?.options ?? []);
    const hints = this.#ports.hints();
    return options.map((o) => (hints ? o : { ...o, count: null, points: null }));
  }

  /** A new view: a tile being chosen that no longer fits is put down. */
  see(next: TableView): void {
    if (this.selection.choosing && !playOptions(next).has(this.selection.choosing.tile)) this.selection = { ...this.selection, choosing: null };
  }

  onkey(e: Pick<KeyboardEvent, 'key' | 'preventDefault'>): void {
    const r = onKey(this.selection, e.key, this.#table.view.hand?.tiles ?? [], this.#table.options);
    if (!r.handled) return;
    e.preventDefault();
    this.selection = r.selection;
    if (r.selection.choosing) {
      const c = r.selection.choosing;
      const o = c.options[c.index];
      const end = o?.end ? endLabel(o.end) : t('choose.lead');
      const where = this.#ports.hints() && o?.count != null ? t('choose.withCount', { where: end, count: o.count }) : end;
      this.#ports.say(t('choose.fits', { tile: tileLabel(c.tile), count: c.options.length, where }));
    }
    this.run(r.command);
  }

  /** Keys pressed with nothing focused (say, after a dialog closed) still reach the hand, unless something covers the table. */
  globalKey(e: KeyboardEvent, covered: boolean): void {
    if (e.target !== document.body || covered) return;
    this.onkey(e);
    if (e.defaultPrevented) document.querySelector<HTMLButtonElement>('.hand .tile[tabindex="0"]')?.focus();
  }

  /** A tile tapped or clicked (or picked up to drag). */
  onpick(tile: string, index: number): void {
    const r = pick(this.selection, tile, this.#table.options.get(tile), index);
    this.selection = r.selection;
    this.run(r.command);
  }

  /** An end chosen on the board for the tile dragged or being chosen. */
  choose(end: End | null): void {
    const tile = this.dragTile ?? this.selection.choosing?.tile;
    if (!tile) return;
    this.selection = { ...this.selection, choosing: null };
    this.#ports.move(playMove(tile, end));
  }

  /** A tile dropped: on an end (`end`), on the felt but no end (`undefined`), or where it cannot go (`null` is the lead). */
  ondrop(tile: string, end: End | null | undefined): void {
    const opts = this.#table.options.get(tile);
    if (!opts) return this.run({ type: 'refuse', tile });
    if (end === undefined) {
      // Dropped on the felt but not on an end: fine if the tile has only one place.
      if (opts.length === 1) return this.#ports.move(playMove(tile, (opts[0] as { end: End | null }).end));
      this.selection = { focus: this.selection.focus, choosing: { tile, options: opts, index: 0 } };
      return;
    }
    if (opts.some((o) => o.end === end)) this.#ports.move(playMove(tile, end));
    else this.#ports.refuse(t('refuse.notThere', { tile: tileLabel(tile) }));
  }

  /** What the player meant, as a move, or the reason it cannot be played now. */
  run(command: Command | null): void {
    if (command === null || this.#table.sending) return;
    const { view, forced, options } = this.#table;
    switch (command.type) {
      case 'play':
        this.#ports.move(playMove(command.tile, command.end));
        return;
      case 'draw':
      case 'pass':
        if (forced === command.type) this.#ports.move({ type: command.type });
        else this.#ports.refuse(forced !== null ? t(forced === 'draw' ? 'refuse.mustDraw' : 'refuse.mustPass') : t(CANT[command.type][options.size > 0 ? 1 : 0]));
        return;
      case 'refuse': {
        const hand = view.hand;
        const mine = hand !== null && hand.turn === view.seat && view.status === 'playing';
        this.#ports.refuse(!mine ? t('refuse.wait') : hand.awaiting === 'claim' ? t('refuse.claimFirst') : t('refuse.noFit', { tile: tileLabel(command.tile) }));
        return;
      }
      default:
        command satisfies never;
    }
  }
}
