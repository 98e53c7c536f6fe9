import localFont from 'next/font/local';

/*
 * The brand typeface (issue #32 item 15): Figtree, variable weight 300–900, from the
 * @fontsource-variable/figtree package, served by this site from /_next/static/media/ (immutable
 * for a year, server/static-assets.ts); `font-src 'self'` in the security headers is enough.
 *
 * Two files, one family: the package's own latin and latin-ext subsets with their unicode-range,
 * so a browser downloads a file only when the page has a letter in it. Latin (20 KB: English,
 * German ä ö ü ß, Turkish ç ö ü ı) is on every page and is the one file preloaded; latin-ext
 * (10 KB: Turkish ğ ş İ) is fetched when the text needs it, which on a Turkish page is after the
 * stylesheet, never ahead of it. Both declare the family 'Figtree' themselves (`declarations`), so
 * the two @font-face rules make one family and the site's font stack (`--font-sans` in
 * app/globals.css) names it, with its metric-adjusted fallback, in one place. next/font's own
 * fallback is off for the same reason: it would be named after these constants, not the family.
 *
 * Importing this module is what puts the @font-face rules and the preload on a page: the locale
 * layout and the root not-found page import it. The exports are unused on purpose (next/font
 * wants each call assigned to a module-level const, with literal options; the unicode ranges are
 * the package's own, from its unicode.json).
 */
export const figtreeLatin = localFont({
  src: '../../node_modules/@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2',
  weight: '300 900',
  style: 'normal',
  display: 'swap',
  preload: true,
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: "'Figtree'" },
    { prop: 'unicode-range', value: 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD' },
  ],
});

export const figtreeLatinExt = localFont({
  src: '../../node_modules/@fontsource-variable/figtree/files/figtree-latin-ext-wght-normal.woff2',
  weight: '300 900',
  style: 'normal',
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
  declarations: [
    { prop: 'font-family', value: "'Figtree'" },
    { prop: 'unicode-range', value: 'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF' },
  ],
});
