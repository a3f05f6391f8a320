import { type End, type Rules, sideOf } from '@fives/engine';
import { t } from '../i18n/i18n.svelte.ts';

const PIP_KEYS = ['pip.0', 'pip.1', 'pip.2', 'pip.3', 'pip.4', 'pip.5', 'pip.6'] as const;

export function pipWord(n: number): string {
  const key = PIP_KEYS[n];
  return key === undefined ? String(n) : t(key);
}

/** A tile as a person says it: "five–three", "double six", "blank–four". `first` is said first. */
export function tileLabel(tile: string, first?: number): string {
  const [a, b] = tile.split('-').map(Number) as [number, number];
  if (a === b) return t('tile.double', { pip: pipWord(a) });
  const lead = first === b ? b : a;
  const other = lead === a ? b : a;
  return t('tile.pair', { a: pipWord(lead), b: pipWord(other) });
}

const END_KEYS = { west: 'end.west', east: 'end.east', north: 'end.north', south: 'end.south' } as const;

/** An end of the layout in words: "left end". */
export function endLabel(end: End): string {
  return t(END_KEYS[end]);
}

/** A seat's name, or "Seat 3" while nobody sits there. */
export function seatName(names: readonly string[], seat: number): string {
  return names[seat] ?? t('common.seat', { n: seat + 1 });
}

/** Who a side is: a player's name, or "Rosa & Cleo" for a team. */
export function sideName(rules: Rules, side: number, names: readonly string[]): string {
  const seats = Array.from({ length: rules.players }, (_, seat) => seat).filter((seat) => sideOf(rules, seat) === side);
  return seats.map((seat) => seatName(names, seat)).join(' & ');
}

export function scoreUnitLabel(rules: Rules, n: number): string {
  return t(rules.scoreUnit === 'fives' ? 'unit.fives' : 'unit.points', { count: n });
}

/** How far a game goes: "to 250", "to 61 fives". */
export function targetLabel(rules: Rules): string {
  return t(rules.scoreUnit === 'fives' ? 'rules.toFives' : 'rules.to', { target: rules.target });
}
