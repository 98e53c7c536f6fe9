/**
 * Issue #36 item 2: how well a profile fits a target, 0–100, and why. Plain TypeScript without
 * server imports: the service page's picker computes it in the browser for every profile, the
 * server only tells the target's facts (provider contract 1.3 `target_info`). The formula is
 * documented in docs/roster.md ("Match score"); change both together.
 *
 *   score = round(100 × Σ wᵢ·sᵢ / Σ wᵢ) over the parts that can be judged:
 *
 *   part         weight  sᵢ
 *   language       40    1 the audience's first language is the target's, 0.8 another of its
 *                        languages is, 0 it reads others, 0.3 its languages are not known
 *   niche          30    1 the profile's first niche is the target's, 0.8 another is, 0 none is,
 *                        0.3 its niches are not known
 *   audience size  15    log-scaled followers: 100 → 0, 1,000,000 → 1 (clamped)
 *   reliability    15    the success share of the last 7 days / 100; no record → 0.7
 *   kept rate      15    issue #38 item 3: the share of its checked actions still in place (the
 *                        30-day figure, else the 7-day one); no checked action → the part is left out
 *
 * A target whose language (or niche) the provider could not tell drops that part, as a profile
 * without a kept rate drops that one: the others are weighed alone, so the score still orders the
 * list by size and reliability.
 */

export type TargetFacts = { language: string | null; niche: string | null };

export type MatchProfile = {
  languages?: readonly string[];
  niches?: readonly string[];
  followersCount?: number;
  /** Success share of the last 7 days, 0–100; null without a record. */
  reliability?: number | null;
  /** Issue #38 item 3: share of its re-checked actions still in place, 0–1; null when none was checked. */
  kept?: number | null;
};

/** A reason shown on the card, as a message key under `Match.reasons` and its values. */
export type MatchReason =
  | { key: 'language'; language: string }
  | { key: 'languageOther'; language: string }
  | { key: 'niche'; niche: string }
  | { key: 'nicheOther'; niche: string }
  | { key: 'bigAudience' }
  | { key: 'smallAudience' }
  | { key: 'reliable' }
  | { key: 'unreliable' }
  | { key: 'keeps' }
  | { key: 'drops' };

export type Match = { score: number; reasons: MatchReason[] };

export const MATCH_WEIGHTS = { language: 40, niche: 30, size: 15, reliability: 15, kept: 15 } as const;

/** What an unknown fact of the profile is worth: better than a known mismatch, far below a match. */
const UNKNOWN = 0.3;
/** What a profile without a delivery record is worth for reliability: most new profiles deliver. */
const NO_RECORD = 0.7;

/** Followers on a log scale: 100 or fewer → 0, a million or more → 1. */
export function audienceSize(followers: number | undefined): number {
  if (!followers || followers <= 100) return 0;
  return Math.min(1, (Math.log10(followers) - 2) / 4);
}

function listPart(values: readonly string[] | undefined, wanted: string): number {
  if (!values || values.length === 0) return UNKNOWN;
  if (values[0] === wanted) return 1;
  return values.includes(wanted) ? 0.8 : 0;
}

/** The score of one profile against a target (null: no target known, nothing to score). */
export function matchScore(profile: MatchProfile, target: TargetFacts): Match {
  let sum = 0;
  let weights = 0;
  const reasons: MatchReason[] = [];
  if (target.language) {
    const s = listPart(profile.languages, target.language);
    sum += MATCH_WEIGHTS.language * s;
    weights += MATCH_WEIGHTS.language;
    if (s >= 0.8) reasons.push({ key: 'language', language: target.language });
    else if (s === 0 && profile.languages?.[0]) reasons.push({ key: 'languageOther', language: profile.languages[0] });
  }
  if (target.niche) {
    const s = listPart(profile.niches, target.niche);
    sum += MATCH_WEIGHTS.niche * s;
    weights += MATCH_WEIGHTS.niche;
    if (s >= 0.8) reasons.push({ key: 'niche', niche: target.niche });
    else if (s === 0 && profile.niches?.[0]) reasons.push({ key: 'nicheOther', niche: profile.niches[0] });
  }
  const size = audienceSize(profile.followersCount);
  sum += MATCH_WEIGHTS.size * size;
  weights += MATCH_WEIGHTS.size;
  if (size >= 0.6) reasons.push({ key: 'bigAudience' });
  else if (size < 0.3) reasons.push({ key: 'smallAudience' });
  const rate = profile.reliability;
  const r = rate === null || rate === undefined ? NO_RECORD : Math.max(0, Math.min(100, rate)) / 100;
  sum += MATCH_WEIGHTS.reliability * r;
  weights += MATCH_WEIGHTS.reliability;
  if (rate !== null && rate !== undefined && rate >= 90) reasons.push({ key: 'reliable' });
  else if (rate !== null && rate !== undefined && rate < 70) reasons.push({ key: 'unreliable' });
  const kept = profile.kept;
  if (kept !== null && kept !== undefined) {
    const k = Math.max(0, Math.min(1, kept));
    sum += MATCH_WEIGHTS.kept * k;
    weights += MATCH_WEIGHTS.kept;
    if (k >= 0.95) reasons.push({ key: 'keeps' });
    else if (k < 0.8) reasons.push({ key: 'drops' });
  }
  return { score: Math.round((100 * sum) / weights), reasons };
}

/** Scores every profile once (the picker memoizes the map per target and list). */
export function matchAll<P extends MatchProfile & { id: number }>(profiles: readonly P[], target: TargetFacts): Map<number, Match> {
  const out = new Map<number, Match>();
  for (const p of profiles) out.set(p.id, matchScore(p, target));
  return out;
}

/** Best first; ties by more followers, then by id, so the order never jumps between renders. */
export function sortByMatch<P extends { id: number; followersCount?: number }>(profiles: readonly P[], scores: ReadonlyMap<number, Match>): P[] {
  return [...profiles].sort((a, b) => (scores.get(b.id)?.score ?? 0) - (scores.get(a.id)?.score ?? 0) || (b.followersCount ?? 0) - (a.followersCount ?? 0) || a.id - b.id);
}

/**
 * "Pick the best N": the ids of the N best-scored profiles among those shown, never more than the
 * customer's profile cap (null: no cap).
 */
export function pickBest<P extends { id: number; followersCount?: number }>(profiles: readonly P[], scores: ReadonlyMap<number, Match>, n: number, cap: number | null): number[] {
  const count = Math.max(0, Math.min(n, cap ?? n, profiles.length));
  return sortByMatch(profiles, scores)
    .slice(0, count)
    .map((p) => p.id);
}
