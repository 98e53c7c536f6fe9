import { cn } from '@/lib/infra/utils/cn';

/**
 * The look of a navigation tab (a link with aria-current="page"): one style for the header's
 * platform tabs, the service strip and the panel sections (issue #15: there were four).
 * `primary` is the first level (platforms: a filled pill), `secondary` the level under it.
 */
export function navTabVariants({ current, level = 'secondary', className }: { current: boolean; level?: 'primary' | 'secondary'; className?: string }): string {
  return cn(
    'inline-flex min-h-11 items-center whitespace-nowrap rounded-full text-sm font-medium transition-colors',
    // The platforms' row holds every platform of the registry: narrower on a phone so four fit.
    level === 'primary' ? 'px-3 sm:px-4' : 'px-4',
    current ? (level === 'primary' ? 'bg-brand text-brand-ink' : 'bg-brand-soft font-semibold text-brand') : 'text-muted hover:bg-brand-soft hover:text-ink',
    className,
  );
}
