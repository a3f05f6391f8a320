/**
 * The named levels people choose (the protocol's BotLevel), from gentle to strongest. A module
 * of its own: the web client's first page needs the names, and a bundle keeps a module whole, so
 * beside the policies (levels.ts) the names would bring every policy with them.
 */
export const LEVELS = ['beginner', 'easy', 'medium', 'hard', 'expert'] as const;
export type Level = (typeof LEVELS)[number];
