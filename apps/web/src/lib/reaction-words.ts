import type { ReactionKey } from '@fives/protocol';
import { type PlainKey, t } from '../i18n/i18n.svelte.ts';

/** What each reaction shows, and — for an emoji, which a screen reader may read oddly or not at all — what it is called. */
const WORDS: Readonly<Record<ReactionKey, { readonly shown: PlainKey; readonly name: PlainKey }>> = {
  nice: { shown: 'react.nice', name: 'react.nice' },
  goodGame: { shown: 'react.goodGame', name: 'react.goodGame' },
  oops: { shown: 'react.oops', name: 'react.oops' },
  wellCounted: { shown: 'react.wellCounted', name: 'react.wellCounted' },
  thanks: { shown: 'react.thanks', name: 'react.thanks' },
  thumbsUp: { shown: 'react.thumbsUp', name: 'react.thumbsUp.name' },
  laugh: { shown: 'react.laugh', name: 'react.laugh.name' },
  wow: { shown: 'react.wow', name: 'react.wow.name' },
  clap: { shown: 'react.clap', name: 'react.clap.name' },
};

/** The reaction as it shows beside the seat (and on its button). */
export function reactionShown(key: ReactionKey): string {
  return t(WORDS[key].shown);
}

/** The reaction in words: its button's name and what the live region says. */
export function reactionName(key: ReactionKey): string {
  return t(WORDS[key].name);
}

/** Whether the shown form is a picture rather than words (its button gets the name as its label). */
export function isEmoji(key: ReactionKey): boolean {
  return WORDS[key].shown !== WORDS[key].name;
}
