import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { isUniqueViolation } from '@/db/errors';
import { crews, profiles, users } from '@/db/schema';
import type { Platform } from '@/lib/domain/catalogue/services';
import { AppError } from '@/lib/infra/errors';
import type { CrewProfileState } from './schemas';
import type { CrewView } from './responses';

/*
 * Crews (issue #36 item 3, docs/orders.md "Crews"): a customer's named set of profiles of one
 * platform. The saved ids stay as they are when a profile leaves the roster or is quarantined: the
 * crew shows it as such and a send with the crew skips it, never replacing it with another.
 * Another customer's crew is the same 404 as an unknown one.
 */

/** How many crews a customer keeps on one platform (a clear CREW_LIMIT beyond). */
export const MAX_CREWS_PER_PLATFORM = 50;

type CrewRow = typeof crews.$inferSelect;
type ProfileRow = { id: number; username: string; name: string; status: string };

const KNOWN: ReadonlySet<string> = new Set(['active', 'inactive', 'quarantined', 'disabled']);

function stateOf(row: ProfileRow | undefined): CrewProfileState {
  if (!row) return 'gone';
  return KNOWN.has(row.status) ? (row.status as CrewProfileState) : 'inactive';
}

async function profilesOf(db: Db, platform: Platform, ids: number[]): Promise<Map<number, ProfileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, username: profiles.username, name: profiles.name, status: profiles.status })
    .from(profiles)
    .where(and(inArray(profiles.id, ids), eq(profiles.platform, platform)));
  return new Map(rows.map((r) => [r.id, r]));
}

function view(crew: CrewRow, byId: Map<number, ProfileRow>): CrewView {
  const list = crew.profileIds.map((id) => {
    const row = byId.get(id);
    return { id, username: row?.username ?? '', name: row?.name ?? '', state: stateOf(row) };
  });
  return {
    id: crew.id,
    platform: crew.platform,
    name: crew.name,
    profile_ids: crew.profileIds,
    profiles: list,
    available: list.filter((p) => p.state === 'active').length,
    created_at: crew.createdAt.toISOString(),
    updated_at: crew.updatedAt.toISOString(),
  };
}

/** Every id must be a profile of the platform (any state: a quarantined one may come back). */
async function checkProfiles(db: Db, platform: Platform, ids: number[]): Promise<Map<number, ProfileRow>> {
  const byId = await profilesOf(db, platform, ids);
  const unknown = ids.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw new AppError('CREW_PROFILES_INVALID', { params: { count: unknown.length }, extra: { profile_ids: unknown } });
  return byId;
}

function nameTaken(err: unknown): never {
  if (isUniqueViolation(err, 'crews_user_platform_name_uq')) throw new AppError('CREW_NAME_TAKEN');
  throw err;
}

/** The customer's crews (of one platform, or all), by name, each with its profiles' states. */
export async function listCrews(db: Db, userId: number, platform?: Platform): Promise<CrewView[]> {
  const rows = await db
    .select()
    .from(crews)
    .where(platform ? and(eq(crews.userId, userId), eq(crews.platform, platform)) : eq(crews.userId, userId))
    .orderBy(asc(crews.platform), asc(crews.name), asc(crews.id));
  const views: CrewView[] = [];
  const byPlatform = new Map<Platform, number[]>();
  for (const r of rows) byPlatform.set(r.platform, [...(byPlatform.get(r.platform) ?? []), ...r.profileIds]);
  const maps = new Map<Platform, Map<number, ProfileRow>>();
  for (const [p, ids] of byPlatform) maps.set(p, await profilesOf(db, p, [...new Set(ids)]));
  for (const r of rows) views.push(view(r, maps.get(r.platform)!));
  return views;
}

async function ownCrew(db: Db, userId: number, crewId: number): Promise<CrewRow> {
  const [row] = await db.select().from(crews).where(and(eq(crews.id, crewId), eq(crews.userId, userId)));
  if (!row) throw new AppError('CREW_NOT_FOUND');
  return row;
}

export async function readCrew(db: Db, userId: number, crewId: number): Promise<CrewView> {
  const row = await ownCrew(db, userId, crewId);
  return view(row, await profilesOf(db, row.platform, row.profileIds));
}

export async function createCrew(db: Db, input: { userId: number; platform: Platform; name: string; profileIds: number[] }): Promise<CrewView> {
  const byId = await checkProfiles(db, input.platform, input.profileIds);
  // Counted with the customer's row locked: two saves at once cannot make the 51st.
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for('update');
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(crews)
      .where(and(eq(crews.userId, input.userId), eq(crews.platform, input.platform)));
    if (count >= MAX_CREWS_PER_PLATFORM) throw new AppError('CREW_LIMIT', { params: { max: MAX_CREWS_PER_PLATFORM } });
    const [made] = await tx
      .insert(crews)
      .values({ userId: input.userId, platform: input.platform, name: input.name, profileIds: input.profileIds })
      .returning()
      .catch(nameTaken);
    return made!;
  });
  return view(row, byId);
}

export async function updateCrew(
  db: Db,
  input: { userId: number; crewId: number; platform?: Platform; name?: string; profileIds?: number[] },
): Promise<CrewView> {
  const row = await ownCrew(db, input.userId, input.crewId);
  if (input.platform && input.platform !== row.platform) throw new AppError('CREW_OTHER_PLATFORM', { params: { platform: row.platform } });
  const ids = input.profileIds ?? row.profileIds;
  const byId = input.profileIds ? await checkProfiles(db, row.platform, ids) : await profilesOf(db, row.platform, ids);
  const [updated] = await db
    .update(crews)
    .set({ name: input.name ?? row.name, profileIds: ids, updatedAt: new Date() })
    .where(and(eq(crews.id, row.id), eq(crews.userId, input.userId)))
    .returning()
    .catch(nameTaken);
  if (!updated) throw new AppError('CREW_NOT_FOUND');
  return view(updated, byId);
}

export async function deleteCrew(db: Db, input: { userId: number; crewId: number }): Promise<void> {
  const gone = await db
    .delete(crews)
    .where(and(eq(crews.id, input.crewId), eq(crews.userId, input.userId)))
    .returning({ id: crews.id });
  if (gone.length === 0) throw new AppError('CREW_NOT_FOUND');
}

/**
 * The crew a send names (UI `crew_id`, bulk `crew_id`, reseller `crew`): the customer's own, of the
 * service's platform. `ref` is its id, or (the reseller API) its id or its name.
 * Returns its saved ids and the active ones among them, in the crew's order.
 */
export async function crewForSend(
  db: Db,
  input: { userId: number; platform: Platform; ref: number | string },
): Promise<{ id: number; profileIds: number[]; activeIds: number[] }> {
  const ref = typeof input.ref === 'number' ? input.ref : input.ref.trim();
  const asId = typeof ref === 'number' ? ref : /^\d{1,10}$/.test(ref) ? Number(ref) : undefined;
  let row: CrewRow | undefined;
  if (asId !== undefined && asId <= 2_147_483_647) [row] = await db.select().from(crews).where(and(eq(crews.id, asId), eq(crews.userId, input.userId)));
  if (!row && typeof ref === 'string') {
    // By name: this platform's crew of that name first, else any (to say it is of another platform).
    const named = await db.select().from(crews).where(and(eq(crews.userId, input.userId), eq(crews.name, ref)));
    row = named.find((c) => c.platform === input.platform) ?? named[0];
  }
  if (!row) throw new AppError('CREW_NOT_FOUND');
  if (row.platform !== input.platform) throw new AppError('CREW_OTHER_PLATFORM', { params: { platform: row.platform } });
  const byId = await profilesOf(db, row.platform, row.profileIds);
  return { id: row.id, profileIds: row.profileIds, activeIds: row.profileIds.filter((id) => stateOf(byId.get(id)) === 'active') };
}
