import { type End, type Rules, sideOf } from '@fives/engine';

const PIP_WORDS = ['blank', 'one', 'two', 'three', 'four', 'five', 'six'] as const;

export function pipWord(n: number): string {
  return PIP_WORDS[n] ?? String(n);
}

/** A tile as a person says it: "five–three", "double six", "blank–four". `first` is said first. */
export function tileLabel(tile: string, first?: number): string {
  const [a, b] = tile.split('-').map(Number) as [number, number];
  if (a === b) return `double ${pipWord(a)}`;
  const lead = first === b ? b : a;
  const other = lead === a ? b : a;
  return `${pipWord(lead)}–${pipWord(other)}`;
}

export const END_LABEL: Record<End, string> = { west: 'left end', east: 'right end', north: 'top end', south: 'bottom end' };

/** Who a side is: a player's name, or "Rosa & Cleo" for a team. */
export function sideName(rules: Rules, side: number, names: readonly string[]): string {
  const seats = Array.from({ length: rules.players }, (_, seat) => seat).filter((seat) => sideOf(rules, seat) === side);
  return seats.map((seat) => names[seat] ?? `Seat ${seat + 1}`).join(' & ');
}

export function scoreUnitLabel(rules: Rules, n: number): string {
  if (rules.scoreUnit === 'fives') return n === 1 ? '1 five' : `${n} fives`;
  return n === 1 ? '1 point' : `${n} points`;
}
