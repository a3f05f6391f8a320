// The keys alone, without zod: the table screen names them, and the wire schema is in messages.ts.

/**
 * The quick reactions a seated person may send the table: a short fixed list, so there is no
 * free text to moderate. The wire carries the key; each client says it in its reader's language
 * (the phrases) or draws it (the emoji).
 */
export const REACTIONS = ['nice', 'goodGame', 'oops', 'wellCounted', 'thanks', 'thumbsUp', 'laugh', 'wow', 'clap'] as const;
export type ReactionKey = (typeof REACTIONS)[number];

/** How long a client shows a reaction beside its sender's seat. */
export const REACTION_SHOW_MS = 4000;
