import { NICHES, type Niche } from '../../audience/niches';
import { hashUnit } from './random';

/** The languages the simulated provider writes and tells: the interface's three and three more. */
export const SIM_LANGUAGES = ['tr', 'en', 'de', 'es', 'fr', 'ar'] as const;

/**
 * Issue #36: what the simulated provider knows of a target (a post's link): the language it is
 * written in and its niche, fixed by the link, so the same link always gets the same answer. Most
 * targets are Turkish, English or German (the site's customers); a few are in other languages.
 */
export function simTargetFacts(url: string): { language: string; niche: Niche } {
  const u = hashUnit(`target-language|${url}`);
  const language = u < 0.4 ? 'tr' : u < 0.72 ? 'en' : u < 0.92 ? 'de' : SIM_LANGUAGES[3 + Math.floor(((u - 0.92) / 0.08) * 3)]!;
  const niche = NICHES[Math.floor(hashUnit(`target-niche|${url}`) * NICHES.length)]!;
  return { language, niche };
}
