import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { commentDrafts, platforms, profiles, siteSettings, userPackages } from '@/db/schema';
import { exemptFromLimits, type TokenKind } from '@/lib/domain/credentials';
import { activeActionPrice } from '@/lib/domain/pricing/action-prices';
import { inForce } from '@/lib/domain/subscriptions';
import { platformOfService, type Platform, type Service } from '@/lib/domain/catalogue/services';
import { candidateProfiles } from '@/lib/domain/operations/pick-profiles';
import { createProviderClient, isProviderError, type ProviderClient } from '@/lib/domain/provider';
import { AppError } from '@/lib/infra/errors';
import { enforceRateLimit } from '@/lib/infra/rate-limit';
import { logger } from '@/logger';
import { blockedWordsFor, findBlockedWord, type BlockedWords } from '@/lib/domain/operations/comment-rules';

/** How many draft requests a customer may make per minute (each may ask for up to 500 profiles). */
export const DRAFT_REQUESTS_PER_MINUTE = 20;

export type DraftsInput = { service: Service; profileIds: number[]; target: string; prompt?: string };

export type DraftsAnswer = {
  drafts: { profile_id: number; text: string; blocked_word?: string }[];
  /** ISO: until when these drafts can be approved (site_settings.comment_draft_minutes). */
  expires_at: string;
  /** The language the provider wrote them in, when it tells. */
  language?: string;
};

/** The site's blocked words and the drafts' lifetime (issue #36 item 6). */
export async function commentSettings(db: Db): Promise<{ blockedWords: BlockedWords; draftMinutes: number }> {
  const [row] = await db.select({ blockedWords: siteSettings.blockedWords, draftMinutes: siteSettings.commentDraftMinutes }).from(siteSettings).where(eq(siteSettings.id, 1));
  return { blockedWords: row?.blockedWords ?? {}, draftMinutes: row?.draftMinutes ?? 30 };
}

/**
 * POST /api/comment-drafts (issue #36 item 6): one provider draft per profile (contract 1.4
 * `comment_drafts`), stored as the customer's live draft of that profile on that target until
 * now + comment_draft_minutes. The same with one profile is a redraft: the provider is asked again
 * and the new text differs from that profile's last draft. The profiles are checked as a send
 * checks them (of the platform, active, not already on the target). A platform without the call,
 * or a provider that answers it with 404/405/501, is DRAFTS_NOT_OFFERED; a provider that is down
 * or answers garbage is DRAFTS_UNAVAILABLE. A draft containing a blocked word comes with
 * `blocked_word` so the review shows it before anything is sent.
 */
export async function requestCommentDrafts(
  db: Db,
  user: { id: number; rol: 'user' | 'admin'; kind?: TokenKind },
  input: DraftsInput,
  options: { client?: ProviderClient; now?: Date } = {},
): Promise<DraftsAnswer> {
  const userId = user.id;
  const platform = platformOfService(input.service);
  if (!platform) throw new AppError('INVALID_SERVICE');
  await enforceRateLimit(db, { key: `comment-drafts:${userId}`, limit: DRAFT_REQUESTS_PER_MINUTE, windowSeconds: 60 });
  const now = options.now ?? new Date();
  if (!exemptFromLimits(user)) await checkProfileCap(db, { userId, platform, service: input.service, count: input.profileIds.length, now });

  const [platformRow] = await db.select({ aktif: platforms.aktif, apiEndpoints: platforms.apiEndpoints }).from(platforms).where(eq(platforms.ad, platform));
  if (!platformRow?.aktif) throw new AppError('PLATFORM_INACTIVE', { params: { platform } });
  const url = platformRow.apiEndpoints.comment_drafts;
  if (!url) throw new AppError('DRAFTS_NOT_OFFERED');

  const candidates = await candidateProfiles(db, { platform, service: input.service, targetUrl: input.target, candidates: input.profileIds });
  const done = candidates.filter((c) => c.done).map((c) => c.id);
  if (done.length > 0) throw new AppError('ALREADY_DONE', { params: { count: done.length }, extra: { profile_ids: done } });
  if (candidates.some((c) => !c.usable)) throw new AppError('PROFILES_UNAVAILABLE');

  const rows = await db
    .select({ id: profiles.id, providerId: profiles.providerId, username: profiles.username, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.id, input.profileIds));
  const byProvider = new Map(rows.map((r) => [r.providerId, r.id]));
  const previous = new Map(
    (
      await db
        .select({ profileId: commentDrafts.profileId, text: commentDrafts.text })
        .from(commentDrafts)
        .where(and(eq(commentDrafts.userId, userId), eq(commentDrafts.targetUrl, input.target), inArray(commentDrafts.profileId, input.profileIds)))
    ).map((d) => [d.profileId, d.text]),
  );

  const client = options.client ?? createProviderClient({ timeoutMs: 15_000, retries: 1 });
  if (!client.commentDrafts) throw new AppError('DRAFTS_NOT_OFFERED');
  const ask = () =>
    client.commentDrafts!(url, {
      service: input.service,
      prompt: input.prompt ?? '',
      target: input.target,
      profiles: rows.map((r) => ({ id: r.providerId, username: r.username, name: r.name ?? '' })),
    });
  let answer;
  try {
    answer = await ask();
    // A redraft of one profile must differ from its last draft: one more ask if the provider repeated it.
    if (input.profileIds.length === 1 && answer.drafts[0] && answer.drafts[0].text === previous.get(input.profileIds[0]!)) answer = await ask();
  } catch (err) {
    if (isProviderError(err) && (err.status === 404 || err.status === 405 || err.status === 501 || err.kind === 'not_configured')) throw new AppError('DRAFTS_NOT_OFFERED');
    logger.warn({ err, service: input.service }, 'comment drafts: provider call failed');
    throw new AppError('DRAFTS_UNAVAILABLE');
  }

  const asked = new Set(input.profileIds);
  const seen = new Set<number>();
  const drafts: { profile_id: number; text: string }[] = [];
  for (const d of answer.drafts) {
    const id = byProvider.get(d.profile_id);
    if (id === undefined || !asked.has(id) || seen.has(id)) continue; // a draft for a profile we did not ask about is ignored
    seen.add(id);
    drafts.push({ profile_id: id, text: d.text });
  }

  const { blockedWords, draftMinutes } = await commentSettings(db);
  const language = answer.language ?? null;
  const expiresAt = new Date(now.getTime() + draftMinutes * 60_000);
  if (drafts.length > 0) {
    await db
      .insert(commentDrafts)
      .values(drafts.map((d) => ({ userId, platform, service: input.service, targetUrl: input.target, profileId: d.profile_id, prompt: input.prompt ?? '', text: d.text, language, createdAt: now, expiresAt })))
      .onConflictDoUpdate({
        target: [commentDrafts.userId, commentDrafts.targetUrl, commentDrafts.profileId],
        set: { platform, service: input.service, prompt: sql`excluded.prompt`, text: sql`excluded.text`, language, createdAt: now, expiresAt },
      });
  }
  const words = blockedWordsFor(blockedWords, answer.language);
  const order = new Map(input.profileIds.map((id, i) => [id, i]));
  drafts.sort((a, b) => order.get(a.profile_id)! - order.get(b.profile_id)!);
  return {
    drafts: drafts.map((d) => {
      const blocked = findBlockedWord(d.text, words);
      return blocked ? { ...d, blocked_word: blocked } : d;
    }),
    expires_at: expiresAt.toISOString(),
    ...(answer.language ? { language: answer.language } : {}),
  };
}

/**
 * Drafts are asked for the profiles of one send, so they keep the send's profile cap: the
 * package's profile limit on the platform, or without a package the service's pay-per-action cap;
 * neither is NO_PACKAGE, as the send would answer (lib/domain/operations/send-operation.ts).
 */
async function checkProfileCap(db: Db, q: { userId: number; platform: Platform; service: Service; count: number; now: Date }): Promise<void> {
  const [pkg] = await db
    .select({ profilLimit: userPackages.profilLimit })
    .from(userPackages)
    .where(and(eq(userPackages.userId, q.userId), eq(userPackages.platform, q.platform), inForce(q.now)))
    .limit(1);
  const cap = pkg ? pkg.profilLimit : (await activeActionPrice(db, q.service))?.maxProfiles;
  if (cap === undefined) throw new AppError('NO_PACKAGE', { params: { platform: q.platform } });
  if (q.count > cap) throw new AppError('PROFILE_LIMIT_EXCEEDED', { params: { limit: cap } });
}
