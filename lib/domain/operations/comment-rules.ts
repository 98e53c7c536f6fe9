/**
 * Issue #36 item 6: the rules an approved comment follows, shared by the server (the send, the
 * reseller API, the drafts) and the review dialog (its length counter). Pure functions only: the
 * browser imports this file. docs/orders.md "Approved comments" describes them.
 */
import { textLength } from './limits';
import { allServices } from '@/platforms';

/** The comment services: those whose send takes a prompt (the service page's "Review comments"). */
const COMMENT_SERVICES = new Set<string>(allServices().filter(({ service }) => service.input === 'prompt').map(({ service }) => service.key));
export const isCommentService = (service: string) => COMMENT_SERVICES.has(service);

/**
 * The longest comment each comment service takes, in characters (code points), as the platform
 * counts them: a reply on X 280, an Instagram comment 2,200, a YouTube comment 10,000, a TikTok
 * comment 150. A comment service not listed gets 2,000.
 */
export const COMMENT_MAX: Readonly<Record<string, number>> = {
  comment: 280,
  reels_comment: 2200,
  youtube_comment: 10_000,
  tiktok_comment: 150,
};
export const DEFAULT_COMMENT_MAX = 2000;

export function commentMax(service: string): number {
  return COMMENT_MAX[service] ?? DEFAULT_COMMENT_MAX;
}

/** The languages an admin keeps a blocked list for; `*` applies to every language. */
export const BLOCKED_WORD_LANGUAGES = ['tr', 'en', 'de', '*'] as const;
export type BlockedWordLanguage = (typeof BLOCKED_WORD_LANGUAGES)[number];
export type BlockedWords = Partial<Record<string, string[]>>;

/** Lower case without the Turkish dotted İ's combining dot, compatibility forms folded (ﬁ → fi, full-width → ASCII). */
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\u0307/g, '');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first blocked word or phrase `text` contains, as the admin wrote it, or undefined. Case does
 * not matter; a word matches whole only (`ass` does not match `class`), a phrase's words in order
 * with any spacing between them. A word is a run of letters, digits and marks.
 */
export function findBlockedWord(text: string, words: readonly string[]): string | undefined {
  const folded = fold(text);
  for (const word of words) {
    const parts = fold(word).trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0) continue;
    const re = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${parts.map(escape).join('\\s+')}(?![\\p{L}\\p{N}\\p{M}])`, 'u');
    if (re.test(folded)) return word.trim();
  }
  return undefined;
}

/**
 * The words that apply to a comment: the list of its language and the list for all (`*`). When
 * the language is not known, every list applies (docs/orders.md: the send does not learn the
 * target's language, so it checks them all).
 */
export function blockedWordsFor(lists: BlockedWords, language?: string): string[] {
  const langs = language ? [language, '*'] : Object.keys(lists);
  return [...new Set(langs.flatMap((l) => lists[l] ?? []))];
}

/** A comment reduced to what a reader compares: lower case, letters and digits only, single spaces. */
export function normalizeComment(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function bigrams(s: string): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

type Prepared = { norm: string; grams: Map<string, number> };
const prepare = (text: string): Prepared => {
  const norm = normalizeComment(text);
  return { norm, grams: bigrams(norm) };
};

function dice(x: Prepared, y: Prepared): number {
  if (x.norm === y.norm) return 1;
  if (x.norm.length < 2 || y.norm.length < 2) return 0;
  const total = x.norm.length - 1 + (y.norm.length - 1);
  // Dice ≤ 2·min/(sum): texts of very different lengths cannot reach the threshold.
  if ((2 * (Math.min(x.norm.length, y.norm.length) - 1)) / total < NEAR_IDENTICAL) return 0;
  let common = 0;
  for (const [g, n] of x.grams) common += Math.min(n, y.grams.get(g) ?? 0);
  return (2 * common) / total;
}

/**
 * How alike two comments are, 0 to 1: the Sørensen–Dice coefficient of the character pairs of
 * their normalized texts (1: the same after normalization). Linear in the texts' length. Texts
 * whose lengths differ too much to reach NEAR_IDENTICAL count as 0.
 */
export function commentSimilarity(a: string, b: string): number {
  return dice(prepare(a), prepare(b));
}

/** Two comments are near-identical when they are equal after normalization or their similarity is at least this. */
export const NEAR_IDENTICAL = 0.9;

export function nearIdentical(a: string, b: string): boolean {
  return commentSimilarity(a, b) >= NEAR_IDENTICAL;
}

/** The first pair (indexes) of near-identical texts, or undefined. */
export function findNearIdentical(texts: readonly string[]): [number, number] | undefined {
  const prepared = texts.map(prepare);
  for (let i = 0; i < prepared.length; i++) for (let j = i + 1; j < prepared.length; j++) if (dice(prepared[i]!, prepared[j]!) >= NEAR_IDENTICAL) return [i, j];
  return undefined;
}

/** Why one comment's text is refused by itself (before the order's other checks), or undefined. */
export function commentTextProblem(text: string, service: string): 'empty' | 'too_long' | undefined {
  if (!text.trim()) return 'empty';
  if (textLength(text) > commentMax(service)) return 'too_long';
  return undefined;
}
