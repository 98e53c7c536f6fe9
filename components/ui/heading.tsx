import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/**
 * The type scale's headings (app/globals.css): `display` for the storefront's first line, `title`
 * for a page's h1, `heading` for a section or a card. Size and level are separate: an h2 can be a
 * title-sized heading where the page's h1 is visually hidden.
 */
const sizes = {
  display: 'text-display',
  title: 'text-title',
  heading: 'text-heading',
} as const;

export type HeadingSize = keyof typeof sizes;

/** The classes of a heading, for a heading element a component renders itself. */
export function headingVariants(size: HeadingSize = 'title', className?: string): string {
  return cn('text-ink', sizes[size], className);
}

type HeadingProps = ComponentProps<'h1'> & { level?: 1 | 2 | 3; size?: HeadingSize };

export function Heading({ level = 2, size = level === 1 ? 'title' : 'heading', className, ...props }: HeadingProps) {
  const Tag = `h${level}` as const;
  return <Tag {...props} className={headingVariants(size, className)} />;
}
