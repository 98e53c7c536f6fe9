import 'server-only';
import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { statusIncidents, statusProbes } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { lastIntegrityCheck } from '@/lib/domain/integrity';
import { listStuckOrders } from '@/lib/domain/reconciliation';
import { AppError } from '@/lib/infra/errors';
import { publicContentChanged } from '@/lib/infra/cache/public-content';
import { translate } from '@/lib/infra/i18n/translate';
import type { Locale } from '@/lib/infra/i18n/routing';
import type { Platform } from '@/lib/domain/catalogue/services';
import type { IncidentNoteInput } from './schemas';
import type { StatusIncident } from './responses';

/** A provider is down once this many probes in a row found it unreachable (issue #38 item 4). */
export const DOWN_AFTER_PROBES = 3;
/** A stuck-order spike: at least this many orders on the stuck list (lib/domain/reconciliation). */
export const STUCK_SPIKE = 10;

export type IncidentKind = (typeof statusIncidents.$inferSelect)['kind'];
type Incident = typeof statusIncidents.$inferSelect;

/**
 * Opens the incident of a condition unless one is open: the partial unique index on the open
 * incidents' key makes a second node's insert a no-op. Returns whether one was opened.
 */
export async function openIncident(db: Db, kind: IncidentKind, platform: Platform | null, now = new Date()): Promise<boolean> {
  const key = platform ? `${kind}:${platform}` : kind;
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into ${statusIncidents} (kind, key, platform, started_at) values (${kind}, ${key}, ${platform}, ${now.toISOString()}::timestamptz)
      on conflict (key) where ended_at is null do nothing returning id`),
  );
  return rows.length > 0;
}

/** Ends the open incident of a condition, if any. Returns whether one was ended. */
export async function closeIncident(db: Db, kind: IncidentKind, platform: Platform | null, now = new Date()): Promise<boolean> {
  const key = platform ? `${kind}:${platform}` : kind;
  const ended = await db
    .update(statusIncidents)
    .set({ endedAt: now })
    .where(and(eq(statusIncidents.key, key), isNull(statusIncidents.endedAt)))
    .returning({ id: statusIncidents.id });
  return ended.length > 0;
}

/**
 * Opens and ends the automatic incidents from what is known now: per platform, its last
 * DOWN_AFTER_PROBES probes all down opens `provider_down` and an up probe ends it; the stuck list
 * at STUCK_SPIKE or more opens `stuck_orders`; the last integrity check failing opens `integrity`.
 * Idempotent: runs after every probe (once a minute, on one node at a time).
 */
export async function evaluateIncidents(db: Db, platforms: readonly Platform[], now = new Date()): Promise<{ opened: string[]; closed: string[] }> {
  const opened: string[] = [];
  const closed: string[] = [];
  const apply = async (kind: IncidentKind, platform: Platform | null, on: boolean | null) => {
    if (on === null) return;
    const name = platform ? `${kind}:${platform}` : kind;
    if (on ? await openIncident(db, kind, platform, now) : await closeIncident(db, kind, platform, now)) (on ? opened : closed).push(name);
  };
  for (const platform of platforms) {
    const last = await db.select({ up: statusProbes.up }).from(statusProbes).where(eq(statusProbes.platform, platform)).orderBy(desc(statusProbes.at)).limit(DOWN_AFTER_PROBES);
    if (last.length === 0) continue;
    if (last[0]!.up) await apply('provider_down', platform, false);
    else if (last.length === DOWN_AFTER_PROBES && last.every((p) => !p.up)) await apply('provider_down', platform, true);
  }
  const stuck = await listStuckOrders(db, { now, limit: STUCK_SPIKE });
  await apply('stuck_orders', null, stuck.length >= STUCK_SPIKE);
  const integrity = await lastIntegrityCheck(db);
  await apply('integrity', null, integrity ? !integrity.ok : null);
  if (opened.length + closed.length > 0) publicContentChanged();
  return { opened, closed };
}

const noteOf = (i: Incident, locale: Locale) => (locale === 'de' ? i.noteDe : locale === 'en' ? i.noteEn : i.noteTr) || i.noteEn || i.noteTr || null;

/** An incident's title in a language: what happened, and to which platform. */
export function incidentTitle(i: { kind: IncidentKind; platform: string | null }, locale: Locale): string {
  const platform = i.platform ? (translate(locale, `Platforms.${i.platform}`) ?? i.platform) : '';
  return translate(locale, `StatusPage.incident.${i.kind}`, { platform }) ?? i.kind;
}

export function incidentView(i: Incident, locale: Locale): StatusIncident {
  return {
    id: i.id,
    kind: i.kind,
    platform: i.platform,
    started_at: i.startedAt.toISOString(),
    ended_at: i.endedAt ? i.endedAt.toISOString() : null,
    title: incidentTitle(i, locale),
    note: noteOf(i, locale),
  };
}

/** The open incidents and those started in the last `days` days, newest first (at most `limit`). */
export async function listIncidents(db: Db, options: { now?: Date; days?: number; limit?: number } = {}): Promise<Incident[]> {
  const since = new Date((options.now ?? new Date()).getTime() - (options.days ?? 90) * 86_400_000);
  return db
    .select()
    .from(statusIncidents)
    .where(or(isNull(statusIncidents.endedAt), gte(statusIncidents.startedAt, since)))
    .orderBy(desc(statusIncidents.startedAt), desc(statusIncidents.id))
    .limit(options.limit ?? 50);
}

/** An admin's note on an incident in each language (audited with the note before and after). */
export async function setIncidentNote(db: Db, actor: Actor, id: number, input: IncidentNoteInput): Promise<Incident> {
  const clean = (v: string | null | undefined) => (v ? v : null);
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(statusIncidents).where(eq(statusIncidents.id, id)).for('update');
    if (!before) throw new AppError('NOT_FOUND');
    const patch = {
      noteTr: input.note_tr === undefined ? before.noteTr : clean(input.note_tr),
      noteEn: input.note_en === undefined ? before.noteEn : clean(input.note_en),
      noteDe: input.note_de === undefined ? before.noteDe : clean(input.note_de),
    };
    const [row] = await tx.update(statusIncidents).set(patch).where(eq(statusIncidents.id, id)).returning();
    await recordAudit(tx, actor, {
      action: 'status.incident_note',
      entity: 'status_incident',
      entityId: id,
      before: { note_tr: before.noteTr, note_en: before.noteEn, note_de: before.noteDe },
      after: { note_tr: row!.noteTr, note_en: row!.noteEn, note_de: row!.noteDe },
    });
    return row!;
  });
  publicContentChanged();
  return updated;
}
