import { platformDescriptor } from '@/platforms';

/**
 * A watched account as a customer types it (issue #37): `@handle`, `handle`, or the account's
 * link on its platform. A link of another platform, or a handle its platform would not take, is
 * refused (WATCH_ACCOUNT_INVALID). The rules are the descriptors' `watchAccount`. Plain data: the create form imports it too.
 */
/** Paths of the platforms' own pages that look like a handle in a link. */
const RESERVED = new Set(['home', 'explore', 'search', 'i', 'settings', 'notifications', 'messages', 'p', 'reel', 'reels', 'watch', 'shorts']);

/** The handle (without `@`), or null when the text is not an account of this platform. */
export function parseAccount(platform: string, input: string): string | null {
  const rule = platformDescriptor(platform)?.watchAccount;
  const value = input.trim();
  if (!rule || !value) return null;
  if (/^https?:\/\//i.test(value)) {
    const m = value.match(rule.url);
    if (!m || RESERVED.has(m[1]!.toLowerCase())) return null;
    return m[1]!;
  }
  const handle = value.startsWith('@') ? value.slice(1) : value;
  return rule.handle.test(handle) ? handle : null;
}
