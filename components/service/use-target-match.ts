'use client';

import { useEffect, useState } from 'react';
import type { Platform } from '@/lib/domain/catalogue/services';
import type { TargetFacts } from '@/lib/domain/audience/match-score';
import { isLinkOf } from '@/lib/domain/operations/limits';
import { api } from './service-api';

/**
 * idle: no valid link in the field; loading: asking the server; known: the provider told the
 * target's language and niche (either may still be null); unavailable: the provider has no
 * target_info call or it failed, so the score leaves language and niche out (the list says so).
 */
export type TargetMatch = { state: 'idle' } | { state: 'loading' } | { state: 'known'; target: TargetFacts } | { state: 'unavailable' };

const WAIT_MS = 350;
// Constants, so the memoized list sees the same value between renders.
const IDLE: TargetMatch = { state: 'idle' };
const LOADING: TargetMatch = { state: 'loading' };

/** The target's facts for the picker's match score (GET /api/<platform>/profiles/match), once the link field holds a valid link. */
export function useTargetMatch(platform: Platform, link: string, locale: string): TargetMatch {
  const url = link.trim();
  const valid = url !== '' && (isLinkOf(platform, url) || isLinkOf(platform, url, 'account'));
  const [answer, setAnswer] = useState<{ url: string; match: TargetMatch } | null>(null);
  useEffect(() => {
    if (!valid) return;
    let live = true;
    const timer = setTimeout(async () => {
      const r = await api(`/api/${platform}/profiles/match?link=${encodeURIComponent(url)}`, locale);
      if (!live) return;
      const target = r.ok ? (r.body.target as TargetFacts | null | undefined) : null;
      setAnswer({ url, match: target ? { state: 'known', target: { language: target.language ?? null, niche: target.niche ?? null } } : { state: 'unavailable' } });
    }, WAIT_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [platform, url, valid, locale]);
  if (!valid) return IDLE;
  return answer?.url === url ? answer.match : LOADING;
}
