import type { TableCode } from '@fives/protocol';
import type { TableDoc } from '@fives/table';
import type { TableContext } from './context.ts';

/**
 * The table a code finds, while the code is live: it is retired (found like a code that does
 * not exist) once the table's game has started, every seat taken. Nobody needs it then — a
 * seat is taken back through the table's own link, `/t/<id>`, which watching keeps using too —
 * and a code found by guessing would let a stranger watch a private game.
 */
export async function tableForCode(context: TableContext, code: TableCode): Promise<TableDoc | null> {
  const id = await context.options.store.idForCode(code);
  const doc = id === null ? null : await context.options.store.load(id);
  return doc === null || codeRetired(doc) ? null : doc;
}

/** A game has started here (every seat was taken to start it): the table's code finds it no more. */
export function codeRetired(doc: TableDoc): boolean {
  return doc.game > 0;
}
