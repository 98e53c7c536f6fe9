import type { Db } from '@/db/client';
import { publicGeneration } from './public-content';

type Entry<V> = { at: number; generation: number; value: Promise<V> };

export type TtlCacheOptions<V> = {
  ttlMs: number;
  /** A value not worth keeping (e.g. an empty profile list right after a first start). */
  keep?: (value: V) => boolean;
  now?: () => number;
};

/**
 * A small read-through cache of public data per database handle and key. An entry lives `ttlMs`
 * and ends early when `publicContentChanged()` is called. Concurrent readers of a missing entry
 * share one load. A load that started before a change is never served after it, and a failed load
 * is not kept. Never read this cache where a decision about money or limits is made: those read the
 * table inside their transaction.
 */
export function createTtlCache<K, V>({ ttlMs, keep = () => true, now = Date.now }: TtlCacheOptions<V>) {
  const perDb = new WeakMap<Db, Map<K, Entry<V>>>();

  const fresh = (e: Entry<V> | undefined): e is Entry<V> => !!e && e.generation === publicGeneration() && now() - e.at < ttlMs;

  return {
    async get(db: Db, key: K, load: () => PromiseLike<V>): Promise<V> {
      let map = perDb.get(db);
      if (!map) perDb.set(db, (map = new Map()));
      const hit = map.get(key);
      if (fresh(hit)) return hit.value;
      // Promise.resolve starts the load now and once: a Drizzle query is a lazy thenable that
      // would run again on every `await` of the stored value.
      const entry: Entry<V> = { at: now(), generation: publicGeneration(), value: Promise.resolve(load()) };
      map.set(key, entry);
      const drop = () => {
        if (map.get(key) === entry) map.delete(key);
      };
      try {
        const value = await entry.value;
        if (!keep(value)) drop();
        return value;
      } catch (err) {
        drop();
        throw err;
      }
    },
  };
}
