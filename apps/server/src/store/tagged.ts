import { StoreUnavailableError, isConnectionFailure, isStoreUnavailable } from './availability.ts';

/**
 * The store, with every failure to reach it turned into a `StoreUnavailableError` (the original
 * as its `cause`) — on its own methods and on those of the parts it holds (`jobs`,
 * `matchmaking`; the shared counters' `rates`). Every other error passes through untouched. Callers then tell "the
 * store is away" by the error's class, not by guessing from a code that a request's own socket
 * can raise too. A proxy rather than a wrapper class per interface: a method added to the
 * store later is covered without a line here.
 */
export function tagStoreErrors<T extends object>(store: T): T {
  return wrap(store, new WeakMap());
}

function tag(error: unknown): unknown {
  if (isStoreUnavailable(error) || !isConnectionFailure(error)) return error;
  return new StoreUnavailableError(`the store cannot be reached: ${(error as Error).message}`, { cause: error });
}

function wrap<T extends object>(target: T, seen: WeakMap<object, object>): T {
  const known = seen.get(target);
  if (known !== undefined) return known as T;
  // Each method wrapped once (again only if the object's method is replaced): a store call on
  // the move path makes no closure of its own (profiled under load, docs/performance.md).
  const methods = new Map<PropertyKey, { readonly method: (...args: unknown[]) => unknown; readonly tagged: (...args: unknown[]) => unknown }>();
  const proxy = new Proxy(target, {
    get(object, key) {
      const value: unknown = Reflect.get(object, key, object);
      if (typeof value === 'function') {
        const method = value as (...args: unknown[]) => unknown;
        const cached = methods.get(key);
        if (cached?.method === method) return cached.tagged;
        const tagged = (...args: unknown[]): unknown => {
          let result: unknown;
          try {
            result = Reflect.apply(method, object, args);
          } catch (error) {
            throw tag(error);
          }
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw tag(error);
              })
            : result;
        };
        methods.set(key, { method, tagged });
        return tagged;
      }
      // The parts the store holds (its job queue, queues, rate counters) fail the same way.
      if (typeof value === 'object' && value !== null && !(value instanceof Promise)) return wrap(value, seen);
      return value;
    },
  });
  seen.set(target, proxy);
  return proxy;
}
