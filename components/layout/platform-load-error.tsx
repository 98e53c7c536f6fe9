'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/infra/i18n/navigation';
import { RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** §9: after a failed platform load, "/" goes to this page anyway after 5 seconds. */
export const PLATFORM_FALLBACK_MS = 5_000;
export const PLATFORM_FALLBACK_PATH = '/service/retweet';

/**
 * §2 "/" when the platform list cannot be read: 'Bağlantı Hatası', the explanation and a
 * 'Sayfayı Yenile' button; after 5 seconds the browser goes to /service/retweet anyway.
 */
export function PlatformLoadError() {
  const t = useTranslations('Common');
  const router = useRouter();
  useEffect(() => {
    const timer = setTimeout(() => router.replace(PLATFORM_FALLBACK_PATH), PLATFORM_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [router]);
  return (
    <section role="alert" aria-labelledby="platform-load-error" className="py-12 text-center" data-platform-load-error>
      <h1 id="platform-load-error" className="text-2xl font-semibold">
        {t('connectionError')}
      </h1>
      <p className="mt-2 text-muted">{t('platformLoadError')}</p>
      <Button size="lg" onClick={() => window.location.reload()} className="mt-6">
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('reload')}
      </Button>
    </section>
  );
}
