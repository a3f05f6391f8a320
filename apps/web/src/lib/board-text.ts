import type { End, HandView } from '@fives/engine';
import { t } from '../i18n/i18n.svelte.ts';
import { endLabel } from './names.ts';

/**
 * The layout in words for a screen reader, read again after each play: every open end and the
 * number it shows (a double at an end counts both its sides), the spinner and whether its arms
 * are open yet, and the count.
 */
export function boardSentences(hand: HandView): string[] {
  const { layout } = hand;
  if (layout.line.length === 0) return [t('board.noEnds')];
  const out = hand.ends.map(({ end, pips }) =>
    endTile(hand, end)?.double === true ? t('board.endDouble', { end: endLabel(end), pips }) : t('board.endNumber', { end: endLabel(end), pips }),
  );
  const spinner = layout.spinner === null ? undefined : layout.line[layout.spinner];
  if (spinner !== undefined) {
    const armsOpen = hand.ends.some((e) => e.end === 'north' || e.end === 'south') || layout.north.length > 0 || layout.south.length > 0;
    out.push(t(armsOpen ? 'board.spinnerClosed' : 'board.spinnerOpen', { pips: spinner.a }));
  }
  if (hand.count !== null) out.push(t('board.countNow', { count: hand.count }));
  return out;
}

function endTile(hand: HandView, end: End): { readonly double: boolean } | undefined {
  const { line, north, south } = hand.layout;
  switch (end) {
    case 'west':
      return line[0];
    case 'east':
      return line.at(-1);
    case 'north':
      return north.at(-1);
    case 'south':
      return south.at(-1);
    default:
      return end satisfies never;
  }
}
