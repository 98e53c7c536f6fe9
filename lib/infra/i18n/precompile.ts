import compile from 'icu-minify/compile';
import { isPlainText } from './format-core';

type Catalogue = Record<string, unknown>;

/**
 * The catalogue as the browser gets it: every message with ICU syntax (arguments, plurals, tags,
 * quoting) compiled with next-intl's compiler, icu-minify, on the server, so the browser's
 * formatter (lib/infra/i18n/format-message.browser.ts) needs no parser. A compiled message is always an
 * array (the catalogues hold no arrays: lib/infra/i18n/format-message.test.ts checks it), plain text stays
 * a string, and a text ICU cannot parse (a template the server fills itself) stays as it is, to be
 * refused where it is used, as next-intl's own formatter would.
 */
export function precompileMessages(catalogue: Catalogue): Catalogue {
  const known = compiledGroups.get(catalogue);
  if (known) return known;
  const out: Catalogue = {};
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out[key] = compiledOrText(value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = precompileMessages(value as Catalogue);
    else out[key] = value;
  }
  compiledGroups.set(catalogue, out);
  return out;
}

/**
 * One compiled object per catalogue object: a page whose layouts each send their part of the
 * catalogue (the root layout's, the panel's) shares the namespaces they both send, and React
 * writes a shared object once into the page's payload (without this, /en/panel carried them
 * twice: 25.5 → 36 KB gzip).
 */
const compiledGroups = new WeakMap<Catalogue, Catalogue>();

function compiledOrText(text: string): unknown {
  if (isPlainText(text)) return text;
  try {
    // Through JSON: icu-minify keeps a plural's or select's branches in null-prototype objects,
    // which React does not pass from a server component to a client component.
    const ast = JSON.parse(JSON.stringify(compile(text))) as unknown;
    return Array.isArray(ast) ? ast : [ast];
  } catch {
    return text;
  }
}
