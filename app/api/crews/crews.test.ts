import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { crews, orders, profiles } from '@/db/schema';
import { call } from '@/test/http';
import { installAsAppDb } from '@/test/fixtures/db';
import { setupWorld, freshUrl, makeUser } from '@/test/fixtures/world';
import { sendHandler } from '@/app/api/_lib/platform-routes';
import { GET as list, POST as create } from './route';
import { DELETE as remove, GET as read, PUT as update } from './[id]/route';

/*
 * Issue #36 item 3: crews, a customer's named sets of profiles of one platform. Another
 * customer's crew is 404; a crew of another platform on a service is a clear error; a profile that
 * left the roster stays in the crew, shown as such.
 */
const w = setupWorld();
const PKG = { twitter: { gunlukLimit: 100, profilLimit: 50 }, instagram: { gunlukLimit: 100, profilLimit: 50 } };
const like = sendHandler('like');

beforeAll(() => installAsAppDb(w.t), 120_000);

async function ids(platform: 'twitter' | 'instagram', n: number, offset = 0) {
  const rows = await w.t.db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.platform, platform), eq(profiles.status, 'active'))).orderBy(profiles.id);
  return rows.slice(offset, offset + n).map((r) => r.id);
}

type Crew = { id: number; name: string; platform: string; profile_ids: number[]; available: number; profiles: { id: number; state: string }[] };

describe('crews (issue #36 item 3)', () => {
  it('creates, lists, reads, renames, changes and deletes a crew of the caller', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const tw = await ids('twitter', 3);
    const made = await call(create, { token, body: { platform: 'twitter', name: 'Launch team', profile_ids: tw } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const crew = made.body.crew as Crew;
    expect(crew).toMatchObject({ name: 'Launch team', platform: 'twitter', profile_ids: tw, available: 3 });
    expect(crew.profiles.map((p) => p.state)).toEqual(['active', 'active', 'active']);

    const listed = await call(list, { token, method: 'GET', path: '/api/crews?platform=twitter' });
    expect((listed.body.crews as Crew[]).map((c) => c.id)).toEqual([crew.id]);
    expect(((await call(list, { token, method: 'GET', path: '/api/crews?platform=instagram' })).body.crews as Crew[]).length).toBe(0);

    const renamed = await call(update, { token, method: 'PUT', params: { id: String(crew.id) }, body: { name: 'Core', profile_ids: tw.slice(0, 2) } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.crew).toMatchObject({ name: 'Core', profile_ids: tw.slice(0, 2) });
    expect((await call(read, { token, method: 'GET', params: { id: String(crew.id) } })).body.crew).toMatchObject({ name: 'Core' });

    expect((await call(remove, { token, method: 'DELETE', params: { id: String(crew.id) } })).status).toBe(200);
    expect((await call(read, { token, method: 'GET', params: { id: String(crew.id) } })).body.code).toBe('CREW_NOT_FOUND');
  });

  it('keeps at most 50 crews per customer and platform, even when saves arrive at once', async () => {
    const { user, token } = await makeUser(w.t, { packages: PKG });
    const tw = await ids('twitter', 2);
    await w.t.db.insert(crews).values(Array.from({ length: 48 }, (_, i) => ({ userId: user.id, platform: 'twitter' as const, name: `Crew ${i}`, profileIds: tw })));
    // Three at once for the last two places: exactly two are saved.
    const answers = await Promise.all([0, 1, 2].map((i) => call(create, { token, body: { platform: 'twitter', name: `Late ${i}`, profile_ids: tw }, headers: { 'accept-language': 'en' } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409]);
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ code: 'CREW_LIMIT', max: 50, mesaj: 'You can keep at most 50 crews on this platform. Delete one to save another.' });
    expect(await w.t.db.select().from(crews).where(and(eq(crews.userId, user.id), eq(crews.platform, 'twitter')))).toHaveLength(50);
    // Another platform has its own 50.
    expect((await call(create, { token, body: { platform: 'instagram', name: 'Late', profile_ids: await ids('instagram', 1) } })).status).toBe(201);
  });

  it('answers another customer’s crew with the same 404 as an unknown one, and changes nothing', async () => {
    const owner = await makeUser(w.t, { packages: PKG });
    const stranger = await makeUser(w.t, { packages: PKG });
    const made = await call(create, { token: owner.token, body: { platform: 'twitter', name: 'Mine', profile_ids: await ids('twitter', 2) } });
    const id = String((made.body.crew as Crew).id);
    for (const res of [
      await call(read, { token: stranger.token, method: 'GET', params: { id } }),
      await call(update, { token: stranger.token, method: 'PUT', params: { id }, body: { name: 'Stolen' } }),
      await call(remove, { token: stranger.token, method: 'DELETE', params: { id } }),
      await call(read, { token: stranger.token, method: 'GET', params: { id: '2147483000' } }),
    ]) {
      expect([res.status, res.body.code]).toEqual([404, 'CREW_NOT_FOUND']);
    }
    expect(((await call(list, { token: stranger.token, method: 'GET' })).body.crews as Crew[]).length).toBe(0);
    expect((await call(read, { token: owner.token, method: 'GET', params: { id } })).body.crew).toMatchObject({ name: 'Mine' });
  });

  it('refuses an unknown profile, another platform’s profile, a name clash, a long name and NUL', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const tw = await ids('twitter', 2);
    const ig = await ids('instagram', 1);
    const unknown = await call(create, { token, body: { platform: 'twitter', name: 'A', profile_ids: [...tw, 2147483000] } });
    expect([unknown.status, unknown.body.code, unknown.body.profile_ids]).toEqual([400, 'CREW_PROFILES_INVALID', [2147483000]]);
    const other = await call(create, { token, body: { platform: 'twitter', name: 'A', profile_ids: [...tw, ...ig] } });
    expect([other.status, other.body.code, other.body.profile_ids]).toEqual([400, 'CREW_PROFILES_INVALID', ig]);

    expect((await call(create, { token, body: { platform: 'twitter', name: 'Team', profile_ids: tw } })).status).toBe(201);
    const clash = await call(create, { token, path: '/api/crews?lng=en', body: { platform: 'twitter', name: 'Team', profile_ids: tw } });
    expect([clash.status, clash.body.code]).toEqual([409, 'CREW_NAME_TAKEN']);
    expect(String(clash.body.mesaj)).toMatch(/name/i);
    // The same name on another platform is another crew.
    expect((await call(create, { token, body: { platform: 'instagram', name: 'Team', profile_ids: ig } })).status).toBe(201);
    const second = await call(create, { token, body: { platform: 'twitter', name: 'Second', profile_ids: tw } });
    const renameClash = await call(update, { token, method: 'PUT', params: { id: String((second.body.crew as Crew).id) }, body: { name: 'Team' } });
    expect([renameClash.status, renameClash.body.code]).toEqual([409, 'CREW_NAME_TAKEN']);

    for (const name of ['x'.repeat(61), 'a\u0000b', '   ']) {
      const res = await call(create, { token, body: { platform: 'twitter', name, profile_ids: tw } });
      expect([res.status, res.body.code], JSON.stringify(name)).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect((await call(create, { token, body: { platform: 'myspace', name: 'B', profile_ids: tw } })).status).toBe(400);
    expect((await call(create, { token, body: { platform: 'twitter', name: 'B', profile_ids: [tw[0], tw[0]] } })).status).toBe(400);
  });

  it('shows a profile that left the roster or is quarantined as such, and counts only the active ones', async () => {
    const { token } = await makeUser(w.t, { packages: PKG });
    const tw = await ids('twitter', 3, 40);
    const made = await call(create, { token, body: { platform: 'twitter', name: 'Mixed', profile_ids: tw } });
    await w.t.db.update(profiles).set({ status: 'inactive' }).where(eq(profiles.id, tw[1]!));
    await w.t.db.update(profiles).set({ status: 'quarantined' }).where(eq(profiles.id, tw[2]!));
    try {
      const res = await call(read, { token, method: 'GET', params: { id: String((made.body.crew as Crew).id) } });
      const crew = res.body.crew as Crew;
      expect(crew.profiles.map((p) => p.state)).toEqual(['active', 'inactive', 'quarantined']);
      expect(crew.available).toBe(1);
      expect(crew.profile_ids).toEqual(tw);
    } finally {
      await w.t.db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, tw[1]!));
      await w.t.db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, tw[2]!));
    }
  });

  it('records the crew on a send that names it, and refuses another platform’s or another customer’s crew', async () => {
    const { token, user } = await makeUser(w.t, { packages: PKG });
    const stranger = await makeUser(w.t, { packages: PKG });
    const tw = await ids('twitter', 2);
    const twCrew = (await call(create, { token, body: { platform: 'twitter', name: 'T', profile_ids: tw } })).body.crew as Crew;
    const igCrew = (await call(create, { token, body: { platform: 'instagram', name: 'I', profile_ids: await ids('instagram', 1) } })).body.crew as Crew;
    const theirs = (await call(create, { token: stranger.token, body: { platform: 'twitter', name: 'S', profile_ids: tw } })).body.crew as Crew;

    const sent = await call(like, { token, body: { profile_ids: tw, tweet_url: freshUrl('tweet'), crew_id: twCrew.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [row] = await w.t.db.select({ crewId: orders.crewId }).from(orders).where(eq(orders.id, sent.body.task_id as string));
    expect(row!.crewId).toBe(twCrew.id);

    const otherPlatform = await call(like, { token, body: { profile_ids: tw, tweet_url: freshUrl('tweet'), crew_id: igCrew.id } });
    expect([otherPlatform.status, otherPlatform.body.code]).toEqual([400, 'CREW_OTHER_PLATFORM']);
    const foreign = await call(like, { token, body: { profile_ids: tw, tweet_url: freshUrl('tweet'), crew_id: theirs.id } });
    expect([foreign.status, foreign.body.code]).toEqual([404, 'CREW_NOT_FOUND']);
    // Neither refused send left an order.
    expect((await w.t.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id))).length).toBe(1);
  });
});
