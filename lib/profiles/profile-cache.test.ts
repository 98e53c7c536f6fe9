import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { cachedProfileRows, forgetCachedProfiles } from './profile-cache';

const row = (id: number) => ({ id }) as never;

describe('the profile list cache', () => {
  it('reads the table once for repeated reads, and again after a sync forgets it', async () => {
    const db = {} as Db;
    let loads = 0;
    const load = async () => (loads++, [row(1), row(2)]);
    await cachedProfileRows(db, 'twitter', load);
    await cachedProfileRows(db, 'twitter', load);
    expect(loads).toBe(1);
    await cachedProfileRows(db, 'instagram', load);
    expect(loads).toBe(2);
    forgetCachedProfiles(db, 'twitter');
    await cachedProfileRows(db, 'twitter', load);
    expect(loads).toBe(3);
  });

  it('keeps neither an empty list nor a failed read', async () => {
    const db = {} as Db;
    let loads = 0;
    await cachedProfileRows(db, 'youtube', async () => (loads++, []));
    await cachedProfileRows(db, 'youtube', async () => (loads++, [row(1)]));
    expect(loads).toBe(2);
    const other = {} as Db;
    await expect(cachedProfileRows(other, 'youtube', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cachedProfileRows(other, 'youtube', async () => [row(7)])).toEqual([row(7)]);
  });

  it('keeps separate lists per database', async () => {
    const a = {} as Db;
    const b = {} as Db;
    await cachedProfileRows(a, 'twitter', async () => [row(1)]);
    expect(await cachedProfileRows(b, 'twitter', async () => [row(2)])).toEqual([row(2)]);
  });
});
