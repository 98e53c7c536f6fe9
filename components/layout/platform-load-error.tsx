'use client';

import { useEffect } from 'react';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/lib/i18n/navigation';

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
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 inline-flex min-h-11 items-center rounded bg-brand px-5 font-semibold text-brand-ink hover:opacity-90"
      >
        {t('reload')}
      </button>
    </section>
  );
}
