'use client';

import { useTranslations } from 'next-intl';
import { Eye } from 'lucide-react';
import { Link } from '@/components/ui/link';

/** Issue #37: the service page's way to /panel/watch ("every new post of an account"). */
export function WatchLink() {
  const t = useTranslations('ServicePage');
  return (
    <Link href="/panel/watch" className="inline-flex min-h-11 items-center gap-2 text-sm text-brand underline" data-watch-link>
      <Eye aria-hidden="true" className="size-4" />
      {t('watchLink')}
    </Link>
  );
}
