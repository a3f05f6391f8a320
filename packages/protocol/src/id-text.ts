import type { GameId } from './archive.ts';
import type { PlayerId } from './ids.ts';

/*
 * The id rules as plain patterns, with no zod: the schemas (ids.ts, archive.ts) are built on
 * them, and code that must stay small (the web's first page, which reads a player id from its
 * token and a game id from the address) checks text with them. Kept apart from the schemas
 * because a module the first page imports is bundled whole into it, with every schema it holds
 * that a lazily loaded page uses.
 */

export const PLAYER_ID_PATTERN = /^p_[A-Za-z0-9_-]{8,64}$/;
export const GAME_ID_PATTERN = /^[a-z0-9]{6,32}-[1-9][0-9]{0,6}$/;

/**
 * A table's short code, for reading out or typing: six characters from digits 2–9 and capitals
 * without I, L, O and U (nothing to mistake for another character, nothing rude spelt by chance).
 * Input may be lowercase and may hold spaces or dashes ("k7q-m3x"); it is read as "K7QM3X".
 */
export const TABLE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const TABLE_CODE_LENGTH = 6;

export function normalizeTableCode(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

/** `text` as a player id, or null when it is not one (the rule of `PlayerIdSchema`). */
export function asPlayerId(text: string): PlayerId | null {
  return PLAYER_ID_PATTERN.test(text) ? (text as PlayerId) : null;
}

/** `text` as a game id, or null when it is not one (the rule of `GameIdSchema`). */
export function asGameId(text: string): GameId | null {
  return GAME_ID_PATTERN.test(text) ? (text as GameId) : null;
}
