import { ImageResponse } from 'next/og';
import { hasLocale } from 'next-intl';
import { catalogues } from '@/lib/infra/i18n/messages';
import { routing } from '@/lib/infra/i18n/routing';
import { BRAND_GRADIENT, BRAND_MARK_PATHS } from '@/components/layout/brand';

/**
 * The Open Graph image of every page of a language (issue #15): the brand mark, the name and the
 * promise, drawn at build time with next/og's bundled font (nothing fetched from another host).
 * An admin's uploaded logo still replaces it (generateMetadata in layout.tsx).
 */
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';
export const alt = 'Etkilesim';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export default async function OpengraphImage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale: requested } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const { Meta, Footer } = catalogues[locale];
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 80, background: '#0b1120', color: '#e2e8f0' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 28 }}>
          <svg width="120" height="120" viewBox="0 0 64 64">
            <defs>
              <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
                <stop offset="0.35" stopColor={BRAND_GRADIENT.from} />
                <stop offset="1" stopColor={BRAND_GRADIENT.to} />
              </linearGradient>
            </defs>
            <rect width="64" height="64" rx="16" fill="url(#g)" />
            {BRAND_MARK_PATHS.bars.map((d) => (
              <path key={d} d={d} fill="#ffffff" />
            ))}
            <path d={BRAND_MARK_PATHS.spark} fill="#ffffff" />
          </svg>
          <div style={{ fontSize: 72, fontWeight: 700, letterSpacing: -2 }}>{Meta.siteName}</div>
        </div>
        <div style={{ display: 'flex', fontSize: 52, lineHeight: 1.2, maxWidth: 1000 }}>{Footer.tagline}</div>
        <div style={{ display: 'flex', gap: 16, fontSize: 30, color: '#a5a0ff' }}>
          <span>Twitter</span>
          <span>·</span>
          <span>Instagram</span>
          <span>·</span>
          <span>YouTube</span>
        </div>
      </div>
    ),
    size,
  );
}
