import tr from '@/messages/tr.json';
import en from '@/messages/en.json';
import de from '@/messages/de.json';
import type { Locale } from './routing';

export type Messages = typeof tr;

type Tree = { [key: string]: string | Tree };

/**
 * §9: English is the runtime fallback for a message a catalogue lacks. The three catalogues are
 * kept with the same keys (a test checks it), so this only matters for a key added to one file and
 * not yet to another: the reader sees English words rather than a raw key.
 */
export function withFallback<T extends Tree>(primary: Tree, fallback: T): T {
  const out: Tree = { ...fallback };
  for (const [key, value] of Object.entries(primary)) {
    const base = fallback[key];
    out[key] = typeof value === 'object' && typeof base === 'object' ? withFallback(value, base) : value;
  }
  return out as T;
}

/** All catalogues, bundled: the server needs every language to answer each request in its own. */
export const catalogues: Record<Locale, Messages> = {
  tr: withFallback(tr as Tree, en as Tree) as Messages,
  en: en as Messages,
  de: withFallback(de as Tree, en as Tree) as Messages,
};
