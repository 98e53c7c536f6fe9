import { getTranslations } from 'next-intl/server';

/** §2 loading state of a service page while the next one is rendered on the server. */
export default async function Loading() {
  const t = await getTranslations('ServicePage');
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-12 text-muted" data-service-loading>
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand border-t-transparent motion-reduce:animate-none" />
      {t('loading')}
    </div>
  );
}
