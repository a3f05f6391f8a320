import { ErrorCode, type Problem } from '@fives/protocol';
import type { Language } from '../i18n/i18n.svelte.ts';
import { type WordKey, w } from './words.ts';

/** The refusals an operator meets, in the console's own words; any other says the server's message. */
const OWN_WORDS: Partial<Record<string, WordKey>> = {
  [ErrorCode.notOperator]: 'signIn.refused',
  [ErrorCode.playerNotFound]: 'error.playerNotFound',
  [ErrorCode.tableNotFound]: 'error.tableNotFound',
  [ErrorCode.reportNotFound]: 'error.reportNotFound',
  [ErrorCode.nameTaken]: 'error.nameTaken',
  // What `send` answers when no answer came (account/api.ts).
  'server/unreachable': 'error.unreachable',
};

/** What the console says of a refusal. */
export function problemText(lang: Language, error: Pick<Problem, 'code' | 'message'>): string {
  if (error.code === ErrorCode.invalidMessage) return w(lang, 'error.invalid', { message: error.message });
  const own = OWN_WORDS[error.code];
  return own === undefined ? error.message || error.code : w(lang, own);
}
