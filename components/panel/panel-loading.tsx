import { getTranslations } from 'next-intl/server';
import { LoaderCircle } from 'lucide-react';

/** The panel's loading state (§2: a spinner while it loads), announced to screen readers. */
export async function PanelLoading() {
  const t = await getTranslations('Common');
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-3 py-16 text-muted">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand motion-reduce:animate-none" />
      <span>{t('loading')}</span>
    </div>
  );
}
