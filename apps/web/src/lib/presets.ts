import type { Preset } from '@fives/engine';

/** Each preset's name and one line about it, as the lobby and the table show them. */
export const PRESET_INFO: Record<Preset, { name: string; blurb: string }> = {
  allFives: { name: 'All Fives', blurb: 'The classic: score every multiple of five, to 250 (2 players) or 200.' },
  allFives150: { name: 'All Fives to 150', blurb: 'Seven tiles each, highest double leads, to 150.' },
  muggins: { name: 'Muggins', blurb: 'Count it yourself: claim your score, or an opponent calls Muggins!' },
  partners: { name: 'Partners', blurb: 'Four players in two teams, sitting across from each other.' },
  cribbage: { name: 'Cribbage scoring', blurb: 'Scores kept in fives, as on a cribbage board, to 61.' },
  block: { name: 'Block', blurb: 'No spinner, no drawing: fewest pips wins the hand.' },
  draw: { name: 'Draw', blurb: 'Like Block, but draw from the boneyard when stuck.' },
};
