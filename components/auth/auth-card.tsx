import type { ReactNode } from 'react';
import { cardVariants } from '@/components/ui/card';
import { headingVariants } from '@/components/ui/heading';

/** The heading of an AuthCard, for a child that renders it itself (the login/register tabs). */
export const AUTH_HEADING_CLASS = headingVariants('title', 'mb-4');

/**
 * The centred card every sign-in page uses. Without `title`, a child renders the <h1 id={headingId}>
 * (/login's heading follows its tab).
 */
export function AuthCard({ title, children, headingId = 'auth-heading' }: { title?: ReactNode; children: ReactNode; headingId?: string }) {
  return (
    <section aria-labelledby={headingId} className={cardVariants('mx-auto w-full max-w-md p-6')}>
      {title === undefined ? null : (
        <h1 id={headingId} className={AUTH_HEADING_CLASS}>
          {title}
        </h1>
      )}
      {children}
    </section>
  );
}
