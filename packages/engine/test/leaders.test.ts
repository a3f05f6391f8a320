import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The leader rules checked against the golden records with a second, independent reading of
 * docs/rules.md#who-leads (no engine code): who holds the highest double, else the heaviest tile.
 */
interface Rec {
  rules: Record<string, unknown>;
  hands: { deal: { hands: string[][] }; leader: number; actions: { seat: number; type: string; tile?: string }[] }[];
}

function load(name: string): Rec {
  return (JSON.parse(readFileSync(new URL(`./golden/${name}`, import.meta.url), 'utf8')) as { record: Rec }).record;
}

function halves(t: string): [number, number] {
  const [a, b] = t.split('-').map(Number) as [number, number];
  return [Math.min(a, b), Math.max(a, b)];
}

function expectedLead(hands: string[][]): { seat: number; tile: string } {
  for (let d = 6; d >= 0; d--) {
    const seat = hands.findIndex((h) => h.some((t) => t === `${d}-${d}`));
    if (seat >= 0) return { seat, tile: `${d}-${d}` };
  }
  const all = hands.flatMap((h, seat) => h.map((tile) => ({ seat, tile, lo: halves(tile)[0], hi: halves(tile)[1] })));
  all.sort((x, y) => y.lo + y.hi - (x.lo + x.hi) || y.hi - x.hi);
  const best = all[0];
  if (!best) throw new Error('empty deal');
  return { seat: best.seat, tile: best.tile };
}

describe('leader rules in the golden records', () => {
  it.each(['05-muggins-2p.json', '13-leader-heaviest-tile.json', '15-leader-highest-double-every-hand.json'])('%s: the highest double (else the heaviest tile) leads', (file) => {
    const rec = load(file);
    const every = rec.rules.nextLeader === 'highestDouble';
    rec.hands.forEach((hand, i) => {
      if (i > 0 && !every) return;
      const lead = expectedLead(hand.deal.hands);
      expect(hand.leader).toBe(lead.seat);
      const first = hand.actions[0];
      expect(first?.seat).toBe(lead.seat);
      expect(halves(first?.tile ?? '')).toEqual(halves(lead.tile));
    });
  });

  it('nextSeat: each hand is led by the seat after the last leader', () => {
    const rec = load('14-leader-next-seat.json');
    expect(rec.hands.length).toBeGreaterThan(2);
    rec.hands.forEach((hand, i) => {
      if (i > 0) expect(hand.leader).toBe(((rec.hands[i - 1]?.leader ?? 0) + 1) % 3);
    });
  });
});
