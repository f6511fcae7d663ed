/**
 * Vitest 5 targets Node 22: its reporter calls `Map.groupBy` (and a few other Node 22 built-ins) to
 * print failures, and on Node 20 it crashes instead of showing which test failed. The global setup
 * runs in the reporter's process, so it adds them there. Remove when the project moves to Node 22.
 */
type GroupKey = PropertyKey;

export function installNode20Polyfills(): void {
  const mapCtor = Map as unknown as { groupBy?: unknown };
  if (typeof mapCtor.groupBy !== 'function') {
    mapCtor.groupBy = <T, K>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> => {
      const out = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const list = out.get(key);
        if (list) {
          list.push(item);
        } else {
          out.set(key, [item]);
        }
      }
      return out;
    };
  }
  const objectCtor = Object as unknown as { groupBy?: unknown };
  if (typeof objectCtor.groupBy !== 'function') {
    objectCtor.groupBy = <T>(items: Iterable<T>, keyOf: (item: T, index: number) => GroupKey): Record<GroupKey, T[]> => {
      const out = Object.create(null) as Record<GroupKey, T[]>;
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        (out[key] ??= []).push(item);
      }
      return out;
    };
  }
  const promiseCtor = Promise as unknown as { withResolvers?: unknown };
  if (typeof promiseCtor.withResolvers !== 'function') {
    promiseCtor.withResolvers = <T>() => {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    };
  }
}
