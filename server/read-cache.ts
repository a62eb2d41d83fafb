import { LRUCache } from "lru-cache";

/**
 * A short-lived cache of data every member sees alike (decision 030): a search's results, a
 * listing's related listings, a seller's rating counts, a model's market price. Members' pages are
 * never cached whole, since each carries the member's own data; the parts of them that do not
 * depend on who asks are kept here for as long as the visitors' page cache keeps pages
 * (`PAGE_CACHE_SECONDS`), and emptied with it by any state change this server handles.
 *
 * Requests that miss the same key at the same time share one read, so a burst on a popular search
 * runs its query once. A read that fails is not kept.
 */
export type ReadCache = {
  /** What `key` holds, or what `read` gives (then kept). Callers must not change what they get. */
  read<T>(key: string, read: () => Promise<T>): Promise<T>;
  clear(): void;
};

export function createReadCache(o: { ttlSeconds: number; max?: number }): ReadCache {
  if (o.ttlSeconds <= 0) return { read: (_key, read) => read(), clear: () => {} };
  const kept = new LRUCache<string, { value: unknown }>({
    max: o.max ?? 5000,
    ttl: o.ttlSeconds * 1000,
  });
  const reading = new Map<string, Promise<unknown>>();
  // Bumped by clear(): a read that started before a change is not kept after it.
  let generation = 0;
  return {
    async read<T>(key: string, read: () => Promise<T>): Promise<T> {
      const hit = kept.get(key);
      if (hit) return hit.value as T;
      const pending = reading.get(key);
      if (pending) return pending as Promise<T>;
      const started = generation;
      const promise = read().then((value) => {
        if (generation === started) kept.set(key, { value });
        return value;
      });
      reading.set(key, promise);
      try {
        return await promise;
      } finally {
        if (reading.get(key) === promise) reading.delete(key);
      }
    },
    clear() {
      generation++;
      kept.clear();
      reading.clear();
    },
  };
}
