/**
 * What visitors see (site settings, active platforms, profile lists and the pages rendered from
 * them) is kept for a few seconds per process (ttl-cache.ts, server/page-cache.ts). Every write
 * that changes it calls `publicContentChanged()` after its transaction commits, which ends every
 * such cache entry in this process at once; other nodes see the change within their TTL.
 *
 * The generation lives on globalThis: server.ts and the modules Next.js bundles load this file
 * separately, and both must see the same counter.
 */
const g = globalThis as typeof globalThis & { __etkPublicGeneration?: number };

export function publicGeneration(): number {
  return g.__etkPublicGeneration ?? 0;
}

export function publicContentChanged(): void {
  g.__etkPublicGeneration = publicGeneration() + 1;
}
