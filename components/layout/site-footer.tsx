import { getTranslations } from 'next-intl/server';

export async function SiteFooter() {
  const t = await getTranslations('Meta');
  return (
    <footer className="mt-12 border-t border-line bg-card">
      <div className="mx-auto max-w-5xl px-4 py-6 text-sm text-muted">{t('siteName')}</div>
    </footer>
  );
}
