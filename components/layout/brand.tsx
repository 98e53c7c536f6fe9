import { cn } from '@/lib/infra/utils/cn';

/**
 * The brand mark (issue #15): a rounded tile with three rising bars and a spark — engagement that
 * grows. The same drawing is app/icon.svg, the Apple touch icon and the Open Graph image; keep
 * them in step (BRAND_MARK_PATHS is shared with the image routes).
 */
export const BRAND_MARK_PATHS = {
  bars: ['M15 49h9V38.5a4.5 4.5 0 0 0-9 0z', 'M27.5 49h9V29.5a4.5 4.5 0 0 0-9 0z', 'M40 49h9V20.5a4.5 4.5 0 0 0-9 0z'],
  spark: 'M19.5 12.5l2.0 4.5L26.0 19l-4.5 2.0L19.5 25.5l-2.0-4.5L13.0 19l4.5-2.0z',
} as const;

/**
 * The brand gradient's two ends (app/globals.css brand and accent, light mode), for the drawings
 * that cannot read the theme: app/icon.svg, apple-icon.png and the Open Graph image.
 */
export const BRAND_GRADIENT = { from: '#4f46e5', to: '#b4235f' } as const;

/**
 * The mark alone, on the brand gradient (indigo to raspberry, the theme's brand and accent, so it
 * follows dark mode); decorative (the wordmark or a label names it). One mark per page (the
 * header), so the gradient's id is fixed.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn('size-8 shrink-0', className)} data-brand-mark>
      <defs>
        <linearGradient id="brand-mark-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0.35" className="[stop-color:var(--color-brand)]" />
          <stop offset="1" className="[stop-color:var(--color-accent)]" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#brand-mark-gradient)" />
      {BRAND_MARK_PATHS.bars.map((d) => (
        <path key={d} d={d} className="fill-brand-ink" />
      ))}
      <path d={BRAND_MARK_PATHS.spark} className="fill-brand-ink" />
    </svg>
  );
}

/** The header's top edge: a thin band of the brand gradient, the one flourish every public page has. */
export function BrandStripe() {
  return <div aria-hidden="true" className="h-1 bg-linear-to-r from-brand from-30% to-accent" data-brand-stripe />;
}

/**
 * Mark and wordmark. The admin's site name (§3 settings) is the wordmark; an uploaded logo
 * replaces the mark.
 */
export function Brand({ siteName, logo, className }: { siteName: string; logo?: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)} data-brand>
      {/* eslint-disable-next-line @next/next/no-img-element -- the admin's logo URL can be on any host */}
      {logo ? <img src={logo} alt="" width={32} height={32} className="h-8 w-auto" /> : <BrandMark />}
      <span className="text-lg font-extrabold tracking-tight text-ink">{siteName}</span>
    </span>
  );
}
