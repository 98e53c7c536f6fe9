/**
 * The admin's custom head tags (§3 site settings `head_etiketleri`, raw HTML) turned into plain
 * descriptions of elements, so the layout renders them into <head> on the server (§4: they replace
 * earlier injected ones, which rendering per request does by itself). Only elements that belong in
 * <head> are kept: meta, link, script, style, noscript; anything else is dropped.
 */
export type HeadTag = { tag: 'meta' | 'link' | 'script' | 'style' | 'noscript'; attrs: Record<string, string>; content?: string };

const VOID = new Set(['meta', 'link']);
const CONTAINER = new Set(['script', 'style', 'noscript']);

export function parseHeadTags(html: string): HeadTag[] {
  const out: HeadTag[] = [];
  const re = /<\s*(meta|link|script|style|noscript)\b([^>]*?)\/?\s*>/gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    const tag = m[1]!.toLowerCase() as HeadTag['tag'];
    const attrs = parseAttributes(m[2] ?? '');
    if (VOID.has(tag)) {
      out.push({ tag, attrs });
      continue;
    }
    if (CONTAINER.has(tag)) {
      const closeRe = new RegExp(`<\\/\\s*${tag}\\s*>`, 'i');
      const rest = html.slice(re.lastIndex);
      const close = closeRe.exec(rest);
      const content = close ? rest.slice(0, close.index) : '';
      out.push({ tag, attrs, content });
      if (close) re.lastIndex += close.index + close[0].length;
    }
  }
  return out;
}

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const re = /([^\s=/"'<>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source))) {
    const name = m[1]!.toLowerCase();
    // Inline event handlers are never carried over.
    if (name.startsWith('on')) continue;
    attrs[name] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attrs;
}

/** React prop names for the HTML attributes that differ. */
export function toReactProps(attrs: Record<string, string>): Record<string, string | boolean> {
  const map: Record<string, string> = {
    'http-equiv': 'httpEquiv',
    charset: 'charSet',
    crossorigin: 'crossOrigin',
    referrerpolicy: 'referrerPolicy',
    class: 'className',
    nomodule: 'noModule',
    fetchpriority: 'fetchPriority',
    hreflang: 'hrefLang',
    itemprop: 'itemProp',
  };
  const props: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(attrs)) {
    const key = map[k] ?? k;
    props[key] = (k === 'async' || k === 'defer' || k === 'nomodule') ? true : v;
  }
  return props;
}
