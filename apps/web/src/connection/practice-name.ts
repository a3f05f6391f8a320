import { ErrorCode } from '@fives/protocol';
import { t } from '../i18n/i18n.svelte.ts';
import type { Notice } from './types.ts';

/**
 * The practice table's rule for a player's name, in a module of its own so that the lazy
 * practice connection (lazy.ts) can answer a name before the practice table itself is loaded.
 */
export function practiceName(text: string): { readonly name: string } | { readonly refused: Notice } {
  const name = text.trim().slice(0, 24);
  if (name === '') return { refused: { code: ErrorCode.badName, message: t('notice.emptyName') } };
  return { name };
}
