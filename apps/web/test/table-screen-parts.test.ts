import type { TableView } from '@fives/engine';
import { type PlayerId, REACTION_SHOW_MS } from '@fives/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Move, SeatSummary, TableReaction } from '../src/connection/types.ts';
import { playMove } from '../src/connection/wire.ts';
import { type TileOption, forcedMove, playOptions } from '../src/lib/hints.ts';
import { type InputTable, TableInput } from '../src/table/input.svelte.ts';
import type { SoundName } from '../src/lib/sound.ts';
import { Narration } from '../src/table/narration.svelte.ts';
import { Overlays } from '../src/table/overlays.svelte.ts';
import { ReactionBubbles } from '../src/table/reaction-bubbles.svelte.ts';
import { positions } from './positions.ts';

/**
 * The table screen's concerns, each alone over its part of the screen's state: the player's
 * input, what lies over the table, what the table tells the player, and the reactions by the seats. The browser tests (play,
 * narrow, reactions) show them together on the screen.
 */

const ALL = [...positions({ preset: 'allFives', players: 2 }, 'table-screen-parts', 3)];
/** The first of seat 0's positions that passes `test`. */
function find(test: (v: TableView, options: Map<string, TileOption[]>) => boolean): TableView {
  const found = ALL.find((v) => v.hand !== null && v.status === 'playing' && v.hand.turn === 0 && test(v, playOptions(v)));
  if (found === undefined) throw new Error('no such position in the seeded games');
  return found;
}

function input(view: TableView, { sending = false, hints = true } = {}) {
  const moves: Move[] = [];
  const refused: string[] = [];
  const said: string[] = [];
  const table: InputTable = { view, options: sending ? new Map() : playOptions(view), forced: sending ? null : forcedMove(view), sending };
  const i = new TableInput(table, { move: (m) => moves.push(m), refuse: (text) => refused.push(text), say: (text) => said.push(text), hints: () => hints });
  return { i, moves, refused, said };
}

const key = (k: string) => {
  const e = { key: k, prevented: false, preventDefault: () => (e.prevented = true) };
  return e;
};

describe("the player's input", () => {
  it('plays a tile that fits one place when picked, and asks where for one that fits several', () => {
    const one = find((_v, o) => [...o.values()].some((l) => l.length === 1));
    const [tile, [only]] = [...playOptions(one)].find(([, l]) => l.length === 1) as [string, TileOption[]];
    const a = input(one);
    a.i.onpick(tile, 0);
    expect(a.moves).toEqual([playMove(tile, only?.end ?? null)]);

    const several = find((_v, o) => [...o.values()].some((l) => l.length > 1));
    const [wide, ends] = [...playOptions(several)].find(([, l]) => l.length > 1) as [string, TileOption[]];
    const b = input(several);
    b.i.onpick(wide, 0);
    expect(b.moves).toEqual([]);
    expect(b.i.selection.choosing?.tile).toBe(wide);
    expect(b.i.offers.map((o) => o.end)).toEqual(ends.map((o) => o.end));
    b.i.choose(ends[1]?.end ?? null);
    expect(b.moves).toHaveLength(1);
    expect(b.i.selection.choosing).toBeNull();
  });

  it('moves along the hand with keys, says where a chosen tile fits, and stops keys it does not use from scrolling', () => {
    const several = find((_v, o) => [...o.values()].some((l) => l.length > 1));
    const tiles = several.hand?.tiles ?? [];
    const index = tiles.findIndex((t) => (playOptions(several).get(t)?.length ?? 0) > 1);
    const c = input(several);
    const unused = key('x');
    c.i.onkey(unused);
    expect(unused.prevented).toBe(false);
    for (let n = 0; n < index; n++) c.i.onkey(key('ArrowRight'));
    expect(c.i.selection.focus).toBe(index);
    const enter = key('Enter');
    c.i.onkey(enter);
    expect(enter.prevented).toBe(true);
    expect(c.i.selection.choosing?.tile).toBe(tiles[index]);
    expect(c.said.at(-1)).toMatch(/fits/);
  });

  it('hides the counts the board offers with hints off, and a choice the next view no longer allows', () => {
    const several = find((_v, o) => [...o.values()].some((l) => l.length > 1));
    const [wide] = [...playOptions(several)].find(([, l]) => l.length > 1) as [string, TileOption[]];
    const d = input(several, { hints: false });
    d.i.onpick(wide, 0);
    expect(d.i.offers.every((o) => o.count === null && o.points === null)).toBe(true);
    const later = ALL.find((v) => v !== several && !playOptions(v).has(wide));
    if (later === undefined) throw new Error('no later position without the tile');
    d.i.see(later);
    expect(d.i.selection.choosing).toBeNull();
  });

  it('plays a tile dropped on its end or on the felt when it has one place, and refuses one dropped where it cannot go', () => {
    const one = find((v, o) => [...o.values()].some((l) => l.length === 1) && (v.hand?.tiles?.length ?? 0) > o.size);
    const options = playOptions(one);
    const [tile, [only]] = [...options].find(([, l]) => l.length === 1) as [string, TileOption[]];
    const e = input(one);
    e.i.ondrop(tile, undefined);
    e.i.ondrop(tile, only?.end ?? null);
    expect(e.moves).toHaveLength(2);
    expect(e.moves[0]).toEqual(e.moves[1]);
    const other = (['north', 'south', 'east', 'west'] as const).find((end) => end !== only?.end) ?? 'north';
    e.i.ondrop(tile, other);
    const stuck = (one.hand?.tiles ?? []).find((t) => !options.has(t)) as string;
    e.i.ondrop(stuck, undefined);
    expect(e.moves).toHaveLength(2);
    expect(e.refused).toEqual([expect.stringMatching(/there/i), expect.stringMatching(/fit/i)]);
  });

  it('says why a draw or a pass cannot be made, and plays nothing while a move is on its way', () => {
    const playable = find((_v, o) => o.size > 0);
    const f = input(playable);
    f.i.run({ type: 'draw' });
    f.i.run({ type: 'pass' });
    expect(f.moves).toEqual([]);
    expect(f.refused).toHaveLength(2);
    const g = input(playable, { sending: true });
    const [tile] = [...playOptions(playable).keys()];
    g.i.onpick(tile as string, 0);
    g.i.run({ type: 'draw' });
    expect([g.moves, g.refused]).toEqual([[], []]);
  });
});

describe('what lies over the table', () => {
  const ended = ALL.find((v) => v.hand?.end != null) as TableView;
  const playing = ALL.find((v) => v.status === 'playing') as TableView;

  it('opens the panel once for each hand that ends, shows the ended hand while peeking, and closes it', () => {
    const o = new Overlays();
    expect(ended).toBeDefined();
    o.see(playing, ended);
    expect(o.handEnd).toBe(ended);
    expect(o.covering).toBe(true);
    o.peeking = true;
    expect(o.boardView(playing)).toBe(ended);
    o.closeHandEnd();
    expect([o.handEnd, o.peeking, o.covering]).toEqual([null, false, false]);
    // The same hand's end seen again (a state sent again): not opened twice.
    o.see(ended, ended);
    expect(o.handEnd).toBeNull();
    expect(o.boardView(playing)).toBe(playing);
  });

  it("opens the sheet at the game's end, closes both for a rematch's new game, and gives way to the player's timed turn", () => {
    const o = new Overlays();
    const over = { ...ended, status: 'over' } as TableView;
    o.see(playing, over);
    expect([o.sheetOpen, o.handEnd]).toEqual([true, over]);
    // The sheet of a game that is over is not a mid-game sheet: it does not give way.
    o.closeHandEnd();
    expect(o.giveWayToTurn(over)).toBe(false);
    expect(o.sheetOpen).toBe(true);
    o.see(over, playing);
    expect([o.sheetOpen, o.handEnd]).toEqual([false, null]);
    expect(o.giveWayToTurn(playing)).toBe(false);
    o.sheetOpen = true;
    expect(o.giveWayToTurn(playing)).toBe(true);
    expect(o.sheetOpen).toBe(false);
    o.settingsOpen = true;
    expect(o.covering).toBe(true);
  });
});

describe('the reactions by the seats', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const ada = 'p_ada00000' as PlayerId;
  const bob = 'p_bob00000' as PlayerId;
  const seats = [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot' }] as SeatSummary[];
  const names = ['Ada', 'Bob', 'Basil'];
  const heard = (id: number, seat: number, player: PlayerId): TableReaction => ({ id, seat, player, reaction: 'nice' });

  it('shows each new reaction by its seat for a while, says it once, and offers the others to mute', () => {
    const said: string[] = [];
    const b = new ReactionBubbles({ say: (text) => said.push(text), hears: () => true });
    b.hear([heard(1, 0, ada), heard(2, 1, bob)], 0, names);
    b.hear([heard(1, 0, ada), heard(2, 1, bob)], 0, names);
    expect(said).toHaveLength(2);
    expect(b.bubbleOf(0, 0)).not.toBeNull();
    expect(b.bubbleOf(1, 0)).not.toBeNull();
    expect(b.bubbleOf(2, 0)).toBeNull();
    expect(b.people(0, seats, names)).toEqual([{ player: bob, name: 'Bob' }]);
    vi.advanceTimersByTime(REACTION_SHOW_MS);
    expect([b.bubbleOf(0, 0), b.bubbleOf(1, 0)]).toEqual([null, null]);
  });

  it('keeps a muted player quiet, and takes their bubble away at once when muted meanwhile', () => {
    const said: string[] = [];
    const muted = new Set<string>();
    const b = new ReactionBubbles({ say: (text) => said.push(text), hears: (p) => !muted.has(p) });
    b.hear([heard(1, 1, bob)], 0, names);
    expect(b.bubbleOf(1, 0)).not.toBeNull();
    muted.add(bob);
    expect(b.bubbleOf(1, 0)).toBeNull();
    b.hear([heard(2, 1, bob)], 0, names);
    expect(said).toHaveLength(1);
    // Still offered in the menu, to be heard again.
    expect(b.people(0, seats, names)).toEqual([{ player: bob, name: 'Bob' }]);
    // A newer reaction of the same seat keeps its bubble past the older one's time.
    muted.clear();
    vi.advanceTimersByTime(REACTION_SHOW_MS - 10);
    b.hear([heard(3, 1, bob)], 0, names);
    vi.advanceTimersByTime(20);
    expect(b.bubbleOf(1, 0)).not.toBeNull();
  });
});

describe('what the table tells the player', () => {
  const names = ['Ada', 'Bob'];
  /** A view after which a play scored, and the view before it. */
  const scored = ALL.findIndex((v, i) => i > 0 && v.hand !== null && (v.hand.log.at(-1)?.type ?? '') === 'play' && v.scores.some((x, s) => x > (ALL[i - 1]?.scores[s] ?? 0)));
  function narration(flies = true) {
    const sounds: SoundName[] = [];
    return { n: new Narration({ sound: (s) => sounds.push(s), flies: () => flies }), sounds };
  }

  it('says what is on opening, then each move with its sound, and flies a score to its seat', () => {
    expect(scored).toBeGreaterThan(0);
    const { n, sounds } = narration();
    const before = ALL[scored - 1] as TableView;
    const after = ALL[scored] as TableView;
    expect(n.see(before, names)).toBeNull();
    // The first view tells what is now, not the moves that led to it.
    const opening = n.lines.length;
    expect(opening).toBeLessThanOrEqual(1);
    expect(n.see(after, names)).toBe(before);
    // The play and its score, then (maybe) whose turn it is now.
    expect(n.lines[opening]?.text).toMatch(/played .+ scores? \d+ points?\./);
    expect(sounds).toContain('place');
    expect(n.flights).toHaveLength(1);
    expect(n.flights[0]).toMatchObject({ seat: before.hand?.turn });
    n.landed(n.flights[0]?.id ?? -1);
    expect(n.flights).toEqual([]);
  });

  it('flies nothing with reduced motion, keeps the last eight lines, and tells a refusal over the status line with its sound', () => {
    const { n, sounds } = narration(false);
    n.see(ALL[scored - 1] as TableView, names);
    n.see(ALL[scored] as TableView, names);
    expect(n.flights).toEqual([]);
    for (let i = 0; i < 10; i++) n.say(`line ${i}`);
    expect(n.lines.map((l) => l.text)).toEqual(['line 2', 'line 3', 'line 4', 'line 5', 'line 6', 'line 7', 'line 8', 'line 9']);
    expect(n.notice).toBeNull();
    n.refuse('That tile does not fit.');
    expect(n.notice).toBe('That tile does not fit.');
    expect(n.lines.at(-1)?.text).toBe('That tile does not fit.');
    expect(sounds.at(-1)).toBe('error');
  });
});
