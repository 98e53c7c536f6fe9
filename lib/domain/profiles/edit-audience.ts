import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { profiles } from '@/db/schema';
import { recordAudit, type Actor } from '@/lib/domain/audit';
import { isNiche } from '@/lib/domain/audience/niches';
import { AppError } from '@/lib/infra/errors';
import { publicContentChanged } from '@/lib/infra/cache';
import type { ProfileAudienceInput } from './schemas';

export type ProfileAudience = { id: number; languages: string[]; country: string | null; niches: string[]; verified: boolean; audience_edited_at: string | null };

const factsOf = (p: typeof profiles.$inferSelect) => ({ languages: p.languages, country: p.country, niches: p.niches, verified: p.verified, audience_edited_at: p.audienceEditedAt?.toISOString() ?? null });

/**
 * PUT /api/admin/profiles/{id}/audience (issue #36 item 1): an admin corrects a profile's audience
 * facts. The profile is marked (audience_edited_at), so the provider's sync keeps these values
 * (sync-profiles.ts) until the admin hands it back (returnProfileAudience). Audited in the same
 * transaction; an unknown niche is refused by name and changes nothing.
 */
export async function editProfileAudience(db: Db, actor: Actor, id: number, input: ProfileAudienceInput): Promise<ProfileAudience> {
  const unknown = input.niches.find((n) => !isNiche(n));
  if (unknown !== undefined) throw new AppError('NICHE_UNKNOWN', { params: { niche: unknown } });
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
    if (!before) throw new AppError('PROFILE_NOT_FOUND');
    const [after] = await tx
      .update(profiles)
      .set({ languages: [...new Set(input.languages)], country: input.country, niches: [...new Set(input.niches)], verified: input.verified, audienceEditedAt: new Date() })
      .where(eq(profiles.id, id))
      .returning();
    await recordAudit(tx, actor, { action: 'profile.audience_edit', entity: 'profile', entityId: id, before: factsOf(before), after: factsOf(after!) });
    return { id, ...factsOf(after!) };
  });
  publicContentChanged();
  return saved;
}

/**
 * DELETE /api/admin/profiles/{id}/audience: the admin hands the profile's facts back to the
 * provider: the mark is cleared and the next sync writes the provider's values again.
 */
export async function returnProfileAudience(db: Db, actor: Actor, id: number): Promise<ProfileAudience> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(profiles).where(eq(profiles.id, id)).for('update');
    if (!before) throw new AppError('PROFILE_NOT_FOUND');
    const [after] = await tx.update(profiles).set({ audienceEditedAt: null }).where(eq(profiles.id, id)).returning();
    await recordAudit(tx, actor, { action: 'profile.audience_return', entity: 'profile', entityId: id, before: factsOf(before), after: factsOf(after!) });
    return { id, ...factsOf(after!) };
  });
}
