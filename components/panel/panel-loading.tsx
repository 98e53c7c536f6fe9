import { getTranslations } from 'next-intl/server';

/** The panel's loading state (§2: a spinner while it loads), announced to screen readers. */
export async function PanelLoading() {
  const t = await getTranslations('Common');
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-16 text-muted">
      <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-2 border-line border-t-brand motion-reduce:animate-none" />
      <span>{t('loading')}</span>
    </div>
  );
}
