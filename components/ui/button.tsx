import { Slot } from '@radix-ui/react-slot';
import { Loader2 } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/infra/utils/cn';

/**
 * The one button (STYLE.md, shadcn/ui's shape): four variants, three sizes, a loading state that
 * keeps the width and announces itself as busy. `asChild` styles a Link as a button.
 * Every target is at least 44 px high (WCAG 2.5.5) except `sm`, meant for dense tables.
 */
const variants = {
  primary: 'bg-brand text-brand-ink shadow-card hover:bg-brand-strong font-semibold',
  secondary: 'border border-line bg-card text-ink hover:border-brand/40 hover:bg-brand-soft font-medium',
  outline: 'border border-brand bg-card text-brand hover:bg-brand-soft font-medium',
  ghost: 'text-ink hover:bg-brand-soft',
  link: 'text-brand underline-offset-2 hover:underline',
  destructive: 'bg-danger text-on-fill hover:bg-danger/90 font-semibold',
} as const;

const sizes = {
  sm: 'min-h-9 px-3 text-small',
  md: 'min-h-11 px-4 text-small',
  lg: 'min-h-12 px-6 text-body',
  icon: 'min-h-11 min-w-11 justify-center',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The classes of a button, for the rare element that cannot be a <Button> (a label, a summary). */
export function buttonVariants({ variant = 'primary', size = 'md', className }: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-control transition-colors disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    variants[variant],
    sizes[size],
    className,
  );
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  /** Renders the single child (a Link, an <a>) with the button's look. */
  asChild?: boolean;
};

export function Button({ variant, size, loading = false, asChild = false, className, children, disabled, type, ...props }: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild) {
    return (
      <Slot className={classes} {...(props as ComponentProps<typeof Slot>)}>
        {children}
      </Slot>
    );
  }
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : null}
      {children}
    </button>
  );
}
