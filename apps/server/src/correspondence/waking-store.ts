import type { TableCode, TableId } from '@fives/protocol';
import type { TableDoc } from '@fives/table';
import type { TableStore } from '../store/store.ts';

/** What the tables store asks of the correspondence keeper: a sleeping table brought back, a code it let go. */
export interface SleepingTables {
  bringBack(id: TableId): Promise<boolean>;
  idForCode(code: TableCode): Promise<TableId | null>;
}

/**
 * The tables store as every feature reads it: a table not in it may be a correspondence table
 * asleep in PostgreSQL, brought back on the spot, so a person opening it, a move on it or a job
 * for it finds it as if it had never left. Everything else is the store's own.
 */
export function wakingTables(store: TableStore, sleeping: SleepingTables): TableStore {
  const load = async (id: TableId): Promise<TableDoc | null> => (await store.load(id)) ?? ((await sleeping.bringBack(id)) ? store.load(id) : null);
  const idForCode = async (code: TableCode): Promise<TableId | null> => (await store.idForCode(code)) ?? sleeping.idForCode(code);
  // The store's methods bound once (not on every read: `commit` is on every move's path).
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(store, {
    get(target, name) {
      if (name === 'load') return load;
      if (name === 'idForCode') return idForCode;
      const value: unknown = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      let fn = bound.get(name);
      if (fn === undefined) bound.set(name, (fn = (value as (...args: unknown[]) => unknown).bind(target)));
      return fn;
    },
  });
}
