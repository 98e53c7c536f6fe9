import { describe, expect, it } from 'vitest';
import { alternatesFor, faqJsonLd, jsonLdString, localizedPath, pageMetadata, parseHeadTags, publicPaths, toReactProps } from './index';

describe('page metadata', () => {
  it('names the language\'s Open Graph image, which a page\'s own openGraph would otherwise drop', () => {
    const images = (locale: 'tr' | 'en') => pageMetadata({ locale, path: '/login', title: 't', description: 'd', siteName: 's' }).openGraph.images;
    expect(images('tr')[0]).toMatchObject({ url: expect.stringMatching(/\/opengraph-image$/), width: 1200, height: 630 });
    expect(images('tr')[0]?.url).not.toMatch(/\/tr\//);
    expect(images('en')[0]?.url).toMatch(/\/en\/opengraph-image$/);
  });
});

describe('localized paths and alternates', () => {
  it('keeps Turkish at the root and prefixes English and German', () => {
    expect(localizedPath('tr', '/service/like')).toBe('/service/like');
    expect(localizedPath('en', '/service/like')).toBe('/en/service/like');
    expect(localizedPath('de', '/')).toBe('/de');
  });

  it('gives a canonical URL in the page language and hreflang for tr, en, de and x-default', () => {
    const a = alternatesFor('https://example.com/', 'de', '/privacy');
    expect(a.canonical).toBe('https://example.com/de/privacy');
    expect(a.languages).toEqual({
      tr: 'https://example.com/privacy',
      en: 'https://example.com/en/privacy',
      de: 'https://example.com/de/privacy',
      'x-default': 'https://example.com/privacy',
    });
  });

  it('lists the home and pricing pages, every service page of the active platforms, the status page and every policy page', () => {
    const all = publicPaths();
    expect(all.slice(0, 2)).toEqual(['/', '/pricing']);
    expect(all).toContain('/service/new_tweet');
    expect(all).toContain('/service/youtube_comment');
    expect(all).toContain('/service/youtube_subscribe');
    expect(all).toEqual(expect.arrayContaining(['/terms', '/privacy', '/cookies', '/subscription-policy']));
    // Issue #38 item 4: the public status page is indexed too.
    expect(all).toContain('/status');
    expect(publicPaths(['instagram'])).not.toContain('/service/retweet');
  });
});

describe('structured data', () => {
  it('builds a FAQPage and never lets text close the script element', () => {
    const json = jsonLdString(faqJsonLd([{ question: 'Q</script><b>', answer: 'A' }]));
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toMatchObject({ '@type': 'FAQPage', mainEntity: [{ name: 'Q</script><b>', acceptedAnswer: { text: 'A' } }] });
  });
});

describe("the admin's head tags", () => {
  it('keeps head elements with their attributes and content and drops everything else', () => {
    const tags = parseHeadTags(
      `<meta name="google-site-verification" content="abc"><div>x</div>
       <link rel='preconnect' href=https://cdn.example.com crossorigin>
       <script async src="https://t.example.com/a.js" onload="alert(1)"></script>
       <script>window.x = "<b>";</script><style>body{color:red}</style>`,
    );
    expect(tags).toEqual([
      { tag: 'meta', attrs: { name: 'google-site-verification', content: 'abc' } },
      { tag: 'link', attrs: { rel: 'preconnect', href: 'https://cdn.example.com', crossorigin: '' } },
      { tag: 'script', attrs: { async: '', src: 'https://t.example.com/a.js' }, content: '' },
      { tag: 'script', attrs: {}, content: 'window.x = "<b>";' },
      { tag: 'style', attrs: {}, content: 'body{color:red}' },
    ]);
    expect(toReactProps({ 'http-equiv': 'refresh', async: '' })).toEqual({ httpEquiv: 'refresh', async: true });
  });
});
