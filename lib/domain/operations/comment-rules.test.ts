import { describe, expect, it } from 'vitest';
import { blockedWordsFor, commentMax, commentSimilarity, commentTextProblem, findBlockedWord, findNearIdentical, nearIdentical, normalizeComment } from './comment-rules';

describe('blocked words (issue #36 item 6)', () => {
  it('finds a word whole and case-insensitively, and names it as the admin wrote it', () => {
    expect(findBlockedWord('This is a SCAM, really', ['scam'])).toBe('scam');
    expect(findBlockedWord('Scam!', ['Scam'])).toBe('Scam');
    expect(findBlockedWord('scamming is not the word', ['scam'])).toBeUndefined();
    expect(findBlockedWord('a classic', ['ass'])).toBeUndefined();
    expect(findBlockedWord('ass.', ['ass'])).toBe('ass');
  });

  it('finds a phrase with any spacing between its words, never across a word', () => {
    expect(findBlockedWord('Please  FOLLOW\nback now', ['follow back'])).toBe('follow back');
    expect(findBlockedWord('follow backwards', ['follow back'])).toBeUndefined();
    expect(findBlockedWord('unfollow back', ['follow back'])).toBeUndefined();
  });

  it('folds Turkish and German letters and compatibility forms', () => {
    expect(findBlockedWord('İLAN verin', ['ilan'])).toBe('ilan');
    expect(findBlockedWord('Das ist GROẞARTIG', ['großartig'])).toBe('großartig');
    expect(findBlockedWord('ｓｐａｍ here', ['spam'])).toBe('spam');
    expect(findBlockedWord('çok güzel', ['guzel'])).toBeUndefined();
  });

  it('takes the language’s list and the list for all; every list when the language is unknown', () => {
    const lists = { tr: ['reklam'], en: ['spam'], de: ['gift'], '*': ['http'] };
    expect(blockedWordsFor(lists, 'en').sort()).toEqual(['http', 'spam']);
    expect(blockedWordsFor(lists).sort()).toEqual(['gift', 'http', 'reklam', 'spam']);
    expect(blockedWordsFor({}, 'de')).toEqual([]);
  });
});

describe('near-identical comments (issue #36 item 6)', () => {
  it('normalizes case, spacing and punctuation', () => {
    expect(normalizeComment('  Great   post!!! 🔥 ')).toBe('great post');
    expect(nearIdentical('Great post!', 'great post')).toBe(true);
    expect(nearIdentical('Great, post.', 'GREAT POST 🔥🔥')).toBe(true);
  });

  it('counts a one-letter change in a sentence as near-identical, a different sentence as not', () => {
    const a = 'Spot on about remote work, thanks for sharing this with us';
    expect(commentSimilarity(a, a.replace('thanks', 'thank'))).toBeGreaterThanOrEqual(0.9);
    expect(nearIdentical(a, 'Never thought about remote work this way. Keep it up!')).toBe(false);
    expect(nearIdentical('Love this!', 'Totally agree.')).toBe(false);
  });

  it('names the first near-identical pair', () => {
    expect(findNearIdentical(['One thing', 'Another thing entirely', 'one thing!'])).toEqual([0, 2]);
    expect(findNearIdentical(['a b c', 'd e f'])).toBeUndefined();
  });
});

describe('comment limits', () => {
  it('uses the platform’s limit and refuses an empty text', () => {
    expect(commentMax('comment')).toBe(280);
    expect(commentMax('reels_comment')).toBe(2200);
    expect(commentMax('youtube_comment')).toBe(10_000);
    expect(commentTextProblem('x'.repeat(281), 'comment')).toBe('too_long');
    expect(commentTextProblem('😀'.repeat(280), 'comment')).toBeUndefined();
    expect(commentTextProblem('   ', 'comment')).toBe('empty');
  });
});
