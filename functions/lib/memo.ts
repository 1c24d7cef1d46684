/**
 * Per-instance caches: what a warm Lambda instance keeps between invocations (an identity for a few seconds,
 * a charger's record for a minute, the connections it has seen). Every such cache is made here, so all of
 * them can be emptied at once: the local runtime does so when it starts, because a runtime started again in
 * the same process (a restart test, the test run's shared workers) is a new deployment on other tables, and
 * nothing remembered from the previous one may answer for it.
 */

const caches = new Set<{ clear(): void }>();

/** Registers a cache (a Map, a Set, or anything with `clear`) so that `forgetInstanceCaches` empties it. */
export function instanceCache<T extends { clear(): void }>(cache: T): T {
  caches.add(cache);
  return cache;
}

/** Empties every per-instance cache (the local runtime's start). */
export function forgetInstanceCaches(): void {
  for (const cache of caches) cache.clear();
}

/**
 * A value per key, loaded once and kept for `ttlMs`; a load that fails is not kept. The promise itself is
 * kept, so concurrent callers share one load.
 */
export function timedMemo<K, V>(ttlMs: number) {
  const entries = instanceCache(new Map<K, { at: number; value: Promise<V> }>());
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      const value = load();
      const entry = { at: Date.now(), value };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
