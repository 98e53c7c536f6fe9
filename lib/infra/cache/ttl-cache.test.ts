import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { cachedProfileRows } from '@/lib/domain/profiles/profile-cache';
import { createTtlCache } from './ttl-cache';
import { publicContentChanged } from './public-content';

const row = (id: number) => ({ id }) as never;

/** A lazy thenable like a Drizzle query: it runs each time something awaits it. */
function lazyQuery<V>(value: V, counter: { runs: number }): PromiseLike<V> {
  return {
    then(ok, fail) {
      counter.runs++;
      return Promise.resolve(value).then(ok, fail);
    },
  };
}

describe('the public data cache', () => {
  it('loads once for repeated and concurrent reads, per database and key', async () => {
    const cache = createTtlCache<string, number>({ ttlMs: 60_000 });
    const db = {} as Db;
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get(db, 'a', load), cache.get(db, 'a', load), cache.get(db, 'a', load)])).toEqual([1, 1, 1]);
    expect(await cache.get(db, 'a', load)).toBe(1);
    expect(await cache.get(db, 'b', load)).toBe(2);
    expect(await cache.get({} as Db, 'a', load)).toBe(3);
  });

  it('runs a lazy query once, not on every read of the cached entry', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 60_000 });
    const db = {} as Db;
    const counter = { runs: 0 };
    for (let i = 0; i < 5; i++) expect(await cache.get(db, 'k', () => lazyQuery('rows', counter))).toBe('rows');
    expect(counter.runs).toBe(1);
  });

  it('ends an entry after its TTL and at once on publicContentChanged', async () => {
    let clock = 1_000;
    const cache = createTtlCache<string, number>({ ttlMs: 5_000, now: () => clock });
    const db = {} as Db;
    let loads = 0;
    const load = async () => ++loads;
    await cache.get(db, 'k', load);
    clock += 4_999;
    expect(await cache.get(db, 'k', load)).toBe(1);
    clock += 1;
    expect(await cache.get(db, 'k', load)).toBe(2);
    publicContentChanged();
    expect(await cache.get(db, 'k', load)).toBe(3);
  });

  it('never serves a value whose load started before a change', async () => {
    const cache = createTtlCache<string, string>({ ttlMs: 60_000 });
    const db = {} as Db;
    let release!: (v: string) => void;
    const slow = cache.get(db, 'k', () => new Promise<string>((r) => (release = r)));
    publicContentChanged(); // a write commits while the old value is still being read
    release('old');
    expect(await slow).toBe('old'); // the reader that asked before the change gets what it read
    expect(await cache.get(db, 'k', async () => 'new')).toBe('new');
  });

  it('keeps neither a refused value nor a failed read', async () => {
    const cache = createTtlCache<string, number[]>({ ttlMs: 60_000, keep: (v) => v.length > 0 });
    const db = {} as Db;
    let loads = 0;
    await cache.get(db, 'k', async () => (loads++, []));
    await cache.get(db, 'k', async () => (loads++, [1]));
    await cache.get(db, 'k', async () => (loads++, [2]));
    expect(loads).toBe(2);
    await expect(cache.get(db, 'x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(db, 'x', async () => [7])).toEqual([7]);
  });
});

describe('the profile list cache', () => {
  it('keeps one list per platform and never an empty one (the first-start sync must see its rows)', async () => {
    const db = {} as Db;
    let loads = 0;
    await cachedProfileRows(db, 'youtube', async () => (loads++, []));
    await cachedProfileRows(db, 'youtube', async () => (loads++, [row(1)]));
    await cachedProfileRows(db, 'youtube', async () => (loads++, [row(2)]));
    expect(loads).toBe(2);
    expect(await cachedProfileRows(db, 'twitter', async () => [row(3)])).toEqual([row(3)]);
  });
});
