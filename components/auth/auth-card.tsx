import type { ReactNode } from 'react';
import { cardVariants } from '@/components/ui/card';

/** The centred card every sign-in page uses. */
export function AuthCard({ title, children, headingId = 'auth-heading' }: { title: ReactNode; children: ReactNode; headingId?: string }) {
  return (
    <section aria-labelledby={headingId} className={cardVariants('mx-auto w-full max-w-md p-6 shadow-sm')}>
      <h1 id={headingId} className="mb-4 text-2xl font-semibold">
        {title}
      </h1>
      {children}
    </section>
  );
}
